// The HTML class report's script (judge/src/report/html_report.cpp inlines it after Chart.js):
// draws the runtime charts, sorts the leaderboard, opens a submission's details when the page is
// opened at its anchor. After drawing, each canvas says whether it holds any pixels
// (data-drawn="yes"), and <body> how many charts drew (data-charts, data-charts-drawn): the
// browser test reads these from the rendered DOM.
"use strict";

(function () {
  const CLASS_COLOUR = "#1c7ed6";
  const SHIPPED_COLOUR = "#adb5bd";

  function formatMs(ms) {
    if (ms < 1) return (ms * 1000).toPrecision(3) + " us";
    if (ms < 1000) return ms.toPrecision(4) + " ms";
    return (ms / 1000).toPrecision(3) + " s";
  }

  // Log-axis labels at 1, 2 and 5 times a power of ten (only powers of ten when the axis spans
  // more than two and a half), written short ("20 us", "1 ms"). `this` is the axis.
  function tickLabel(value) {
    const v = Number(value);
    const mantissa = Math.round(v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9)));
    const wide = Math.log10(this.max / this.min) > 2.5;
    if (mantissa !== 1 && (wide || (mantissa !== 2 && mantissa !== 5))) return "";
    if (v < 1) return Number((v * 1000).toPrecision(3)) + " us";
    if (v < 1000) return Number(v.toPrecision(3)) + " ms";
    return Number((v / 1000).toPrecision(3)) + " s";
  }

  // True when the canvas holds at least one painted pixel.
  function painted(canvas) {
    if (!canvas.width || !canvas.height) return false;
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  }

  // Bars Chart.js laid out with a visible length (a null value, the other dataset's slot, has none).
  function barsDrawn(chart) {
    let bars = 0;
    chart.data.datasets.forEach((dataset, d) => {
      chart.getDatasetMeta(d).data.forEach((bar, i) => {
        if (dataset.data[i] !== null && Math.abs(bar.x - bar.base) >= 1) bars++;
      });
    });
    return bars;
  }

  function chartConfig(spec) {
    const points = spec.points;
    const series = (kind) => points.map((p) => (p.kind === kind ? p.ms : null));
    return {
      type: "bar",
      data: {
        labels: points.map((p) => p.label),
        datasets: [
          { label: "class", data: series("class"), backgroundColor: CLASS_COLOUR, grouped: false, skipNull: true },
          { label: "shipped solutions", data: series("shipped"), backgroundColor: SHIPPED_COLOUR, grouped: false,
            skipNull: true },
        ],
      },
      options: {
        indexAxis: "y",
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { type: "logarithmic", title: { display: true, text: "performance-case median (log scale)" },
               ticks: { callback: tickLabel, maxRotation: 0, autoSkip: false } },
          y: { ticks: { autoSkip: false } },
        },
        plugins: {
          legend: { position: "bottom" },
          tooltip: {
            callbacks: {
              label: (ctx) => {
                const p = points[ctx.dataIndex];
                return formatMs(p.ms) + (p.note ? " \u2014 " + p.note : "");
              },
            },
          },
        },
      },
    };
  }

  function drawCharts() {
    const data = document.getElementById("judge-charts");
    const specs = data ? JSON.parse(data.textContent) : [];
    document.body.dataset.charts = String(specs.length);
    if (typeof Chart === "undefined") {
      document.body.dataset.chartsError = "Chart.js did not load";
      return;
    }
    let drawn = 0;
    for (const spec of specs) {
      const canvas = document.getElementById(spec.canvas);
      if (!canvas) continue;
      const chart = new Chart(canvas, chartConfig(spec));
      chart.draw();
      canvas.dataset.bars = String(barsDrawn(chart));
      canvas.dataset.drawn = painted(canvas) ? "yes" : "blank";
      if (canvas.dataset.drawn === "yes") drawn++;
    }
    document.body.dataset.chartsDrawn = String(drawn);
  }

  // Sorting: each submission is one <tbody> (its row and its details), moved as a whole. Cells
  // sort by data-v; an empty value (no time, no percentile) goes last in either direction.
  function sortBy(table, th, column) {
    const ascending = th.getAttribute("aria-sort") !== "ascending";
    for (const other of table.tHead.rows[0].cells) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    const numeric = th.dataset.type === "number";
    const value = (body) => body.rows[0].cells[column].dataset.v;
    const bodies = Array.from(table.tBodies);
    bodies.sort((a, b) => {
      const va = value(a), vb = value(b);
      if (va === "" || vb === "") return (va === "") - (vb === "");
      const order = numeric ? Number(va) - Number(vb) : va.localeCompare(vb);
      return ascending ? order : -order;
    });
    for (const body of bodies) table.appendChild(body);
  }

  function makeSortable() {
    for (const table of document.querySelectorAll("table.sortable")) {
      const headers = table.tHead.rows[0].cells;
      for (let column = 0; column < headers.length; column++) {
        const th = headers[column];
        th.querySelector("button").addEventListener("click", () => sortBy(table, th, column));
      }
    }
  }

  // Opening the page at #sub-N (a matrix cell's link) unfolds that submission's details.
  function openTarget() {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id);
    const details = target && target.querySelector("details");
    if (details) details.open = true;
  }

  makeSortable();
  window.addEventListener("hashchange", openTarget);
  openTarget();
  drawCharts();
})();
