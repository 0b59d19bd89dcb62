// judge completion bash|zsh: prints the shell completion script (cli/completion.hpp).
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/completion.hpp"

namespace judge::cli {

Command completion_command() {
  return {"completion",
          "Print the bash or zsh completion script (commands, flags, challenge slugs); installed with judge",
          [](CLI::App& sub, const GlobalOptions&) {
            auto shell = std::make_shared<std::string>();
            sub.add_option("shell", *shell, "bash or zsh")->required()->check(CLI::IsMember({"bash", "zsh"}));
            CLI::App* root = &sub;
            while (root->get_parent() != nullptr) root = root->get_parent();
            return std::function<int()>([shell, root] {
              // The tree is complete by the time a handler runs.
              const auto model = completion_model(*root);
              fmt::print("{}", *shell == "bash" ? bash_completion_script(model) : zsh_completion_script(model));
              return 0;
            });
          }};
}

}  // namespace judge::cli
