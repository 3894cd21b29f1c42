#include "conformance/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

namespace sp::conform {
namespace {

using Clock = std::chrono::steady_clock;

// Only async-signal-safe calls between fork and exec.
[[noreturn]] void exec_child(const std::vector<char*>& args, int out_fd, int err_fd, const RunLimits& limits) {
  const int null_fd = open("/dev/null", O_RDONLY);
  if (null_fd >= 0) dup2(null_fd, 0);
  dup2(out_fd, 1);
  dup2(err_fd, 2);
  if (limits.memory_bytes != 0) {
    const rlimit lim{limits.memory_bytes, limits.memory_bytes};
    setrlimit(RLIMIT_AS, &lim);
  }
  execvp(args[0], args.data());
  _exit(127);
}

// Reads both pipes until they close or the deadline passes. Reading them
// together avoids the deadlock of a child blocked on a full stderr pipe.
bool drain(int out_fd, int err_fd, RunResult& r, const RunLimits& limits) {
  const auto deadline = Clock::now() + limits.timeout;
  pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
  std::string* sinks[2] = {&r.out, &r.err};
  int open_fds = 2;
  while (open_fds > 0) {
    int wait_ms = -1;
    if (limits.timeout.count() > 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return false;
      wait_ms = static_cast<int>(left);
    }
    const int n = poll(fds, 2, wait_ms);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return true;
    if (n == 0) return false;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char buf[65536];
      const ssize_t got = read(fds[i].fd, buf, sizeof buf);
      if (got > 0) {
        sinks[i]->append(buf, static_cast<size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  return true;
}

// Makes the two pipes, starts the child with `start(out_fd, err_fd)` (its
// pid, or -1 when it could not be started; the child's ends are closed
// here), then collects its output and status.
RunResult collect(const std::function<pid_t(int out_fd, int err_fd)>& start, const RunLimits& limits) {
  RunResult r;
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) return r;
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    return r;
  }
  const auto start_time = Clock::now();
  const pid_t pid = start(out_pipe[1], err_pipe[1]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (pid > 0) {
    setpgid(pid, pid);  // as the child does, whichever runs first
    r.spawned = true;
    r.timed_out = !drain(out_pipe[0], err_pipe[0], r, limits);
    if (r.timed_out) kill(-pid, SIGKILL);
    int status = 0;
    rusage usage{};
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    r.seconds = std::chrono::duration<double>(Clock::now() - start_time).count();
    r.max_rss_bytes = static_cast<uint64_t>(usage.ru_maxrss) * 1024;  // Linux counts kilobytes
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  }
  close(out_pipe[0]);
  close(err_pipe[0]);
  return r;
}

// Forks; the child redirects its output into the pipes and calls `child`
// (which never returns).
RunResult spawn(const std::function<void(int out_fd, int err_fd)>& child, const RunLimits& limits) {
  return collect(
      [&](int out_fd, int err_fd) {
        std::fflush(nullptr);  // or the child would flush the parent's buffered output again
        const pid_t parent = getpid();
        const pid_t pid = fork();
        if (pid == 0) {
          setpgid(0, 0);  // so a timeout kills the child and whatever it started
          // In a group of its own, the child misses what kills this
          // process's group (a caller's timeout, a Ctrl-C): it ends with
          // the thread that forked it instead, which waits for it, so a
          // hung worker never outlives the run. A parent already gone
          // before the prctl has no death left to signal.
          prctl(PR_SET_PDEATHSIG, SIGKILL);
          if (getppid() != parent) _exit(1);
          child(out_fd, err_fd);
        }
        return pid;
      },
      limits);
}

// posix_spawnp: glibc starts the program from a child that shares this
// process's memory until it execs (clone with CLONE_VM | CLONE_VFORK), so
// nothing of the parent is copied. fork() copies the page tables, which
// for a test process under AddressSanitizer (gigabytes of mapped shadow
// and quarantine) cost most of the time of the tests that run a peer
// hundreds of times. It cannot set a resource limit in the child:
// run_command forks for a memory limit.
pid_t spawn_program(char* const* args, int out_fd, int err_fd) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_fd, 1);  // dup2 clears O_CLOEXEC on 1 and 2
  posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);  // so a timeout kills the child and
  posix_spawnattr_setpgroup(&attributes, 0);                     // whatever it started
  pid_t pid = -1;
  if (posix_spawnp(&pid, args[0], &actions, &attributes, args, environ) != 0) pid = -1;
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

}  // namespace

RunResult run_command(const std::vector<std::string>& argv, const RunLimits& limits) {
  if (argv.empty()) return {};
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));  // execvp's API is not const
  args.push_back(nullptr);
  if (limits.memory_bytes == 0)
    return collect([&](int out_fd, int err_fd) { return spawn_program(args.data(), out_fd, err_fd); }, limits);
  RunResult r = spawn([&](int out_fd, int err_fd) { exec_child(args, out_fd, err_fd, limits); }, limits);
  // exec_child's _exit(127) with nothing printed: the program was not found.
  if (r.exit_code == 127 && r.out.empty() && r.err.empty()) r.spawned = false;
  return r;
}

void* map_shared(size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return p;
}

void unmap_shared(void* p, size_t bytes) { munmap(p, bytes); }

RunResult run_forked(const std::function<void()>& work, const RunLimits& limits) {
  return spawn(
      [&](int out_fd, int err_fd) {
        dup2(out_fd, 1);
        dup2(err_fd, 2);
        // Another thread's child's pipes, open here since fork, would keep
        // that child's reader waiting until this one ends.
        close_range(3, ~0U, 0);
        work();
        std::fflush(nullptr);
        _exit(0);
      },
      limits);
}

double steady_seconds() { return std::chrono::duration<double>(Clock::now().time_since_epoch()).count(); }

void run_resumable(size_t n, const RunLimits& limits, const std::function<void(size_t)>& step,
                   const std::function<size_t(const WorkerEnd&)>& ended) {
  // Where the worker is, in memory it shares with this process, so that
  // what it reached survives its crash.
  struct Cursor {
    uint64_t at = 0;
    double item_started = 0;
  };
  Shared<Cursor> cursor;
  for (size_t first = 0; first < n;) {
    cursor->at = first;
    cursor->item_started = steady_seconds();  // in case the worker ends before its first item
    const RunResult r = run_forked(
        [&] {
          for (; cursor->at < n; ++cursor->at) {
            cursor->item_started = steady_seconds();
            step(cursor->at);
          }
        },
        limits);
    first = ended({r, first, static_cast<size_t>(cursor->at), steady_seconds() - cursor->item_started});
  }
}

}  // namespace sp::conform
