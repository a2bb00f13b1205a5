/* A small UCI engine for arbiter's tests of other engines' repositories: Debian's stockfish behind a
 * filter. Two knobs make a commit differ the way a real change would:
 *   MAX_DEPTH   0 plays as told; N > 0 turns every `go ...` into `go depth N` (a weakened commit);
 *   BENCH_NODES what `engine bench` reports, OpenBench style, to be matched with the commit's Bench line.
 * The filter forwards stdin to stockfish line by line; stockfish writes straight to our stdout. */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_DEPTH 0
#define BENCH_NODES 4242
#define STOCKFISH "/usr/games/stockfish"

static void forward(FILE* to_engine, const char* line) {
    if (MAX_DEPTH > 0 && strncmp(line, "go", 2) == 0 && (line[2] == ' ' || line[2] == '\n' || line[2] == '\0'))
        fprintf(to_engine, "go depth %d\n", MAX_DEPTH);
    else
        fputs(line, to_engine);
    fflush(to_engine);
}

int main(int argc, char** argv) {
    if (argc > 1 && strcmp(argv[1], "bench") == 0) {
        printf("===========================\nTotal time (ms) : 1\nNodes searched  : %d\nNodes/second    : %d\n",
               BENCH_NODES, BENCH_NODES * 1000);
        return 0;
    }
    int to_child[2];
    if (pipe(to_child) != 0) return 1;
    pid_t child = fork();
    if (child < 0) return 1;
    if (child == 0) {
        dup2(to_child[0], STDIN_FILENO);
        close(to_child[0]);
        close(to_child[1]);
        execl(STOCKFISH, STOCKFISH, (char*)NULL);
        _exit(127);
    }
    close(to_child[0]);
    FILE* to_engine = fdopen(to_child[1], "w");
    char line[8192];
    while (fgets(line, sizeof line, stdin)) {
        forward(to_engine, line);
        if (strncmp(line, "quit", 4) == 0) break;
    }
    fclose(to_engine); /* end of input: stockfish quits too */
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
