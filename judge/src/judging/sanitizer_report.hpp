// Reading compute-sanitizer's text report (its documented format: records of lines that start
// with "========= ", a headline then indented details, ended by a bare "=========") into
// findings a test's diagnosis can name: kind, kernel, file:line, thread, block, address. Pure:
// GPU-free tests feed it sample reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judge::judging {

struct SanitizerFinding {
  std::string kind;   // "Invalid __global__ read of size 4 bytes", "Race reported between Write access and Read access"
  bool error = true;  // false for records the tool calls warnings
  bool api_error = false;      // "Program hit cudaError... on CUDA API call to ...": often a consequence
  std::string kernel;          // "add(const float *, float *, int)", without the +0x offset
  std::string location;        // "solution.cu:12"
  std::string other_location;  // racecheck: the second access of the pair
  std::string thread, block;   // "(32,0,0)"
  std::optional<std::uint64_t> address;
  std::string
      address_note;  // "is out of bounds and is 4 bytes after the nearest allocation at 0x... of size 4096 bytes"
  // From the address note: the allocation the access is nearest to and how far outside it.
  std::optional<std::uint64_t> allocation;
  std::optional<std::int64_t> bytes_after;   // past the end of the allocation
  std::optional<std::int64_t> bytes_before;  // before its start
  std::string hazards;                       // racecheck: "1024 hazards"
  std::vector<std::string> lines;            // the record as printed, prefix removed
};

struct SanitizerReport {
  std::vector<SanitizerFinding> findings;
  std::optional<int> summary_errors;  // "ERROR SUMMARY: N errors" (counts past --print-limit)
  std::string program_output;         // every line that is not the sanitizer's: what the solution printed
  // Errors: the summary's count when printed, else the error findings (API errors aside).
  int errors() const;
};

SanitizerReport parse_sanitizer_output(std::string_view text);

}  // namespace judge::judging
