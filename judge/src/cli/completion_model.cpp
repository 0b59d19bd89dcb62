// The completion model: a walk over the CLI11 tree (cli/completion.hpp).
#include <regex>

#include "cli/completion.hpp"

namespace judge::cli {
namespace {

// CLI::IsMember describes itself as "{a,b,c}" in the option's type name ("TEXT:{info,clear}").
std::vector<std::string> member_choices(const CLI::Option& opt) {
  static const std::regex set(R"(\{([^{}]*)\})");
  const std::string type = opt.get_type_name();
  std::smatch m;
  std::vector<std::string> out;
  if (!std::regex_search(type, m, set)) return out;
  std::string list = m[1].str(), item;
  for (std::size_t start = 0; start <= list.size();) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    item = list.substr(start, comma - start);
    if (!item.empty()) out.push_back(item);
    start = comma + 1;
  }
  return out;
}

void walk(const CLI::App& app, const std::string& path, std::vector<CompletionCommand>& out) {
  CompletionCommand cmd;
  cmd.path = path;
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->nonpositional()) {
      CompletionCommand::Flag f;
      for (const std::string& l : opt->get_lnames()) f.names.push_back("--" + l);
      for (const std::string& s : opt->get_snames()) f.names.push_back("-" + s);
      f.help = opt->get_description();
      f.takes_value = opt->get_items_expected_max() > 0;
      if (f.takes_value) f.choices = member_choices(*opt);
      cmd.flags.push_back(std::move(f));
    } else if (opt->get_positional()) {
      CompletionCommand::Positional p;
      p.name = opt->get_name(true);
      p.slug = p.name == "slug" || p.name == "slugs";
      p.repeats = opt->get_items_expected_max() > 1;
      p.choices = member_choices(*opt);
      cmd.positionals.push_back(std::move(p));
    }
  }
  // The version flag of the top level is a flag like the others; hidden commands have no help.
  const auto subs = app.get_subcommands([](const CLI::App* s) { return !s->get_description().empty(); });
  for (const CLI::App* sub : subs) cmd.subcommands.push_back({sub->get_name(), sub->get_description()});
  out.push_back(std::move(cmd));
  for (const CLI::App* sub : subs) walk(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), out);
}

}  // namespace

std::vector<CompletionCommand> completion_model(const CLI::App& root) {
  std::vector<CompletionCommand> out;
  walk(root, "", out);
  return out;
}

}  // namespace judge::cli
