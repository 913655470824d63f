/*
 * wine-console.exe COMMAND [ARGS...]: runs COMMAND on this console and
 * exits with its status. For the Windows tests under Wine only.
 *
 * Wine 8's console, in a Unix terminal, starts reading the terminal only
 * once a program reads or peeks its console input. PDCurses only asks how
 * many input events are waiting, so under Wine no key would ever reach
 * it. Peeking once here starts the reading; the command then runs on the
 * same console and gets every key.
 */
#include <windows.h>
#include <stdio.h>

/* The command line after this program's own name. */
static LPWSTR rest_of_command_line(void)
{
    LPWSTR cmd = GetCommandLineW();
    int quoted = 0;
    while (*cmd && (quoted || (*cmd != L' ' && *cmd != L'\t'))) {
        if (*cmd == L'"')
            quoted = !quoted;
        cmd++;
    }
    while (*cmd == L' ' || *cmd == L'\t')
        cmd++;
    return cmd;
}

int main(void)
{
    INPUT_RECORD record;
    DWORD events = 0;
    STARTUPINFOW startup = { sizeof startup };
    PROCESS_INFORMATION process;
    DWORD status = 1;
    LPWSTR command = rest_of_command_line();

    if (*command == 0) {
        fprintf(stderr, "usage: wine-console.exe COMMAND [ARGS...]\n");
        return 2;
    }
    PeekConsoleInputW(GetStdHandle(STD_INPUT_HANDLE), &record, 1, &events);
    if (!CreateProcessW(NULL, command, NULL, NULL, TRUE, 0, NULL, NULL, &startup, &process)) {
        fprintf(stderr, "wine-console: cannot start the command (error %lu)\n", GetLastError());
        return 127;
    }
    WaitForSingleObject(process.hProcess, INFINITE);
    GetExitCodeProcess(process.hProcess, &status);
    return (int)status;
}
