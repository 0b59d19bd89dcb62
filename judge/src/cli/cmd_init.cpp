// judge init <slug> [-o file] [--force]: write the challenge's starter file.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "cli/commands.hpp"
#include "spec/catalog.hpp"
#include "util/read_file.hpp"

namespace judge::cli {

Command init_command() {
  return {"init", "Write a starter solution.cu for a challenge", [](CLI::App& sub, const GlobalOptions& g) {
            struct Opts {
              std::string slug, output = "solution.cu";
              bool force = false;
            };
            auto o = std::make_shared<Opts>();
            sub.add_option("slug", o->slug, "Challenge, e.g. vector-addition")->required();
            sub.add_option("-o,--output", o->output, "File to write (default: solution.cu)");
            sub.add_flag("--force", o->force, "Overwrite the file if it exists");
            return std::function<int()>([&g, o] {
              auto cat = spec::Catalog::locate(g.root);
              if (!cat) return fail(cat.error().message, 3);
              auto c = cat->challenge(o->slug);
              if (!c) return fail(c.error().message, 2);
              auto text = util::read_text_file(c->dir / "starter.cu");
              if (!text) return fail(text.error().message, 3);
              if (std::filesystem::exists(o->output) && !o->force)
                return fail(
                    fmt::format("{} exists; pass --force to overwrite it or -o to choose another file", o->output), 2);
              std::ofstream f(o->output, std::ios::binary);
              f << *text;
              if (!f) return fail(fmt::format("cannot write {}", o->output), 3);
              fmt::print(stderr, "wrote {}; judge it with: judge run {} {}\n", o->output, c->slug, o->output);
              return 0;
            });
          }};
}

}  // namespace judge::cli
