#include "baseline/ladder.hpp"

#include "spec/json_reader.hpp"

namespace judge::baseline {
namespace fs = std::filesystem;

namespace {

Status read_rung(const spec::Json& j, const spec::JsonPath& at, Ladder& ladder) {
  if (auto s = spec::expect_keys(j, at, {"file", "verdict", "message", "diagnosis", "note", "label", "rung"},
                                 {"file", "verdict"});
      !s)
    return s;
  auto file = spec::get_string(j["file"], at.key("file"));
  if (!file) return file.error();
  auto verdict = spec::get_string(j["verdict"], at.key("verdict"));
  if (!verdict) return verdict.error();
  bool rung = *verdict == "AC";
  if (j.contains("rung")) {
    auto v = spec::get_bool(j["rung"], at.key("rung"));
    if (!v) return v.error();
    if (*v && !rung) return at.key("rung").error("only an accepted (AC) solution can be a rung");
    rung = rung && *v;
  }
  RungSpec r;
  r.file = *file;
  for (auto [key, dst] : {std::pair{"label", &r.label}, {"note", &r.note}}) {
    if (!j.contains(key)) continue;
    auto v = spec::get_string(j[key], at.key(key));
    if (!v) return v.error();
    *dst = *v;
  }
  std::string message, diagnosis;
  for (auto [key, dst] : {std::pair{"message", &message}, {"diagnosis", &diagnosis}}) {
    if (!j.contains(key)) continue;
    auto v = spec::get_string(j[key], at.key(key));
    if (!v) return v.error();
    *dst = *v;
  }
  ladder.listed.push_back({r.file, *verdict, message, r.note, diagnosis});
  if (!rung) return Ok{};
  r.label_given = !r.label.empty();
  if (r.label.empty()) r.label = fs::path(r.file).stem().string();
  ladder.rungs.push_back(std::move(r));
  return Ok{};
}

}  // namespace

Result<Ladder> load_ladder(const fs::path& solutions_dir, const std::string& slug) {
  Ladder ladder;
  ladder.slug = slug;
  ladder.manifest = solutions_dir / "expected.json";
  std::error_code ec;
  if (!fs::exists(ladder.manifest, ec)) return ladder;
  auto doc = spec::read_json_file(ladder.manifest);
  if (!doc) return doc.error();
  const spec::JsonPath at(ladder.manifest.string());
  if (auto s = spec::expect_keys(*doc, at, {"format", "solutions"}, {"format", "solutions"}); !s) return s.error();
  auto format = spec::get_int((*doc)["format"], at.key("format"));
  if (!format) return format.error();
  if (*format != 1) return at.key("format").error("unsupported format (this judge reads format 1)");
  const spec::Json& list = (*doc)["solutions"];
  if (auto s = spec::expect_array(list, at.key("solutions")); !s) return s.error();
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (auto s = read_rung(list[i], at.key("solutions").index(i), ladder); !s) return s.error();
  }
  return ladder;
}

std::string rung_source(const std::string& slug, const std::string& file) {
  return "solutions/" + slug + "/" + file;
}

const RungSpec* find_rung(const Ladder& ladder, const std::string& source) {
  for (const RungSpec& r : ladder.rungs) {
    if (rung_source(ladder.slug, r.file) == source) return &r;
  }
  return nullptr;
}

}  // namespace judge::baseline
