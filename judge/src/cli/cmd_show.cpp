// judge show <slug>: the statement, the signature and the test plan of a challenge.
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "spec/catalog.hpp"
#include "util/read_file.hpp"

namespace judge::cli {

Command show_command() {
  return {"show", "Show a challenge's statement, signature, constraints and examples",
          [](CLI::App& sub, const GlobalOptions& g) {
            auto slug = std::make_shared<std::string>();
            sub.add_option("slug", *slug, "Challenge, e.g. vector-addition")->required();
            return std::function<int()>([&g, slug] {
              auto cat = spec::Catalog::locate(g.root);
              if (!cat) return fail(cat.error().message, 3);
              auto c = cat->challenge(*slug);
              if (!c) return fail(c.error().message, 2);
              auto suite = cat->testcases(*c);
              if (!suite) return fail(suite.error().message, 3);
              auto text = util::read_text_file(c->dir / "README.md");
              if (!text) return fail(text.error().message, 3);
              fmt::print("{}\n", *text);
              fmt::print("---\n{} ({}, {}) — tolerance atol {:g}, rtol {:g}\n{}\n", c->slug, c->origin(), c->difficulty,
                         c->tolerance.atol, c->tolerance.rtol, c->signature());
              if (!c->adapted.empty()) fmt::print("adapted from LeetGPU: {}\n", c->adapted);
              std::size_t counts[3] = {0, 0, 0};
              for (const auto& tc : suite->cases) ++counts[static_cast<int>(tc.kind)];
              fmt::print("tests: {} example, {} functional, {} performance\n", counts[0], counts[1], counts[2]);
              fmt::print("start with: judge init {} -o solution.cu\n", c->slug);
              return 0;
            });
          }};
}

}  // namespace judge::cli
