/* Added to each tool at link time (cc65's sources stay unpatched): WASI has no current directory, so
 * wasi-libc starts every program in "/". The runner passes the directory a command runs in as PWD and this
 * constructor moves there before main(), so relative paths mean what they mean on the command line. */
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void start_in_pwd(void) {
  const char *pwd = getenv("PWD");
  if (pwd != NULL && *pwd != '\0') chdir(pwd);
}
