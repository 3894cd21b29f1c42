#include "support/subprocess.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <cstdlib>
#include <unistd.h>

extern char** environ;

namespace sp::test {

RunResult run(const std::vector<std::string>& argv, bool capture_stderr) {
  RunResult result;
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return result;
  // stderr goes to a temporary file: reading two pipes in turn could
  // deadlock on a chatty child.
  char err_path[] = "/tmp/sp_stderr_XXXXXX";
  const int err_fd = capture_stderr ? mkstemp(err_path) : -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
  if (err_fd >= 0) {
    posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
  } else {
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  }
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));  // posix_spawn's API is not const
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  if (rc == 0) {
    char buf[65536];
    ssize_t n;
    while ((n = read(pipe_fds[0], buf, sizeof buf)) > 0) result.out.append(buf, static_cast<size_t>(n));
  }
  close(pipe_fds[0]);
  if (rc != 0) return result;
  int status = 0;
  waitpid(pid, &status, 0);
  if (err_fd >= 0) {
    lseek(err_fd, 0, SEEK_SET);
    char buf[4096];
    ssize_t n;
    while ((n = read(err_fd, buf, sizeof buf)) > 0) result.err.append(buf, static_cast<size_t>(n));
    close(err_fd);
    unlink(err_path);
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

}  // namespace sp::test
