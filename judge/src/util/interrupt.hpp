// Ctrl-C (SIGINT) and SIGTERM end the judge cleanly: exit code 130, every child process stopped
// and reaped, the folders registered with at_interrupt removed, and no half-written output.
//
// A signal handler may not lock, allocate or walk folders, so the handler only records the
// signal and wakes a thread that does the work in ordinary code: it waits until output being
// written under an OutputHold is complete, points stdout and stderr at /dev/null (whatever the
// interrupted work prints from then on never shows), stops every child (util/subprocess), runs
// the at_interrupt cleanups, erases a progress line left on the terminal and exits with 130.
// A second signal while it works exits at once, after a SIGKILL to every child's group.
#pragma once

#include <functional>

namespace judge::util {

// Installs the handler for SIGINT and SIGTERM and starts the thread; once per process.
void install_interrupt_handler();

// True once a signal came (spawn() starts no child from then on).
bool interrupted();

// Work for the interrupt thread, after every child has been stopped and reaped: removing what
// the children used. Runs in registration order.
void at_interrupt(std::function<void()> cleanup);

// Held while one complete piece of output (a run's report) is written and flushed: an interrupt
// waits for it. Taken after an interrupt came, it never returns (the process is exiting), so
// nothing printed after Ctrl-C shows.
class OutputHold {
 public:
  OutputHold();
  ~OutputHold();  // flushes stdout and stderr, then lets an interrupt proceed
  OutputHold(const OutputHold&) = delete;
  OutputHold& operator=(const OutputHold&) = delete;
};

// The descriptor a progress line is drawn on now (-1: none is drawn), for the interrupt to erase
// it (util/progress).
void note_progress_line(int fd);

}  // namespace judge::util
