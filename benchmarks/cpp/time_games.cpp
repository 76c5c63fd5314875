// Times whole two-player games of the open C++ Tranquility engine (ttm02/Tranquility) with its
// own bot, BinaryPartitionStrategy, in every seat: what benchmarks/fast_core.py puts beside our
// engines (``--cpp-engine``, which builds this file against a checkout of that engine):
//
//     g++ -O2 -std=c++17 -include limits -I ENGINE ENGINE/{Card,PlayArea,Player,GameManager,\
//         HumanPlayer,BinaryPartitionStrategy,Winnability}.cpp benchmarks/cpp/time_games.cpp \
//         -o time_games
//     ./time_games GAMES SEED > /dev/null
//
// (``-include limits``: the engine's PlayArea.cpp uses std::numeric_limits without including
// <limits>, which newer compilers no longer bring in through other headers.)
//
// Game k is dealt from the engine's random generator seeded with SEED + k and played in a
// process of its own (POSIX fork): at b581fae the engine's bot sometimes chooses a turn the
// rules do not allow, which its own assertion stops, or reads past the end of a hand and
// crashes (about one game in twelve). Such a game is counted as broken and the rest go on. The
// time of a game is the processor time (user and system) of its process from the deal to the
// end; the fork itself is not counted.
//
// The engine prints every turn on standard output; the figures go to standard error as one
// line of JSON: {"games": ..., "won": ..., "broken": ..., "cpu_s": ...}, where ``games`` and
// ``cpu_s`` count the games that ended.

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <vector>

#include "BinaryPartitionStrategy.h"
#include "GameManager.h"

namespace {

struct Result {
    double cpu_s;
    int won;
};

double cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

[[noreturn]] void play_one(unsigned seed, Result *result) {
    std::default_random_engine rng(seed);
    const double started = cpu_seconds();
    std::vector<std::unique_ptr<PlayerAgent>> seats;
    for (unsigned seat = 0; seat < 2; ++seat) {
        seats.push_back(std::make_unique<BinaryPartitionStrategy>(rng, seat));
    }
    const bool won = GameManager::RunNewGame(std::move(seats), rng);
    result->cpu_s = cpu_seconds() - started;
    result->won = won ? 1 : 0;
    _exit(0);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 3) {
        std::cerr << "usage: time_games GAMES SEED\n";
        return 2;
    }
    const long games = std::atol(argv[1]);
    const unsigned seed = static_cast<unsigned>(std::atol(argv[2]));
    // One result slot shared with each game's process.
    void *shared = mmap(nullptr, sizeof(Result), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        std::cerr << "time_games: cannot map memory\n";
        return 1;
    }
    auto *result = static_cast<Result *>(shared);
    long ended = 0, won = 0, broken = 0;
    double cpu = 0.0;
    for (long game = 0; game < games; ++game) {
        *result = Result{-1.0, 0};
        const pid_t child = fork();
        if (child < 0) {
            std::cerr << "time_games: cannot start a process\n";
            return 1;
        }
        if (child == 0) {
            play_one(seed + static_cast<unsigned>(game), result);
        }
        int status = 0;
        waitpid(child, &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && result->cpu_s >= 0) {
            ++ended;
            won += result->won;
            cpu += result->cpu_s;
        } else {
            ++broken;
        }
    }
    std::cerr << "{\"games\": " << ended << ", \"won\": " << won << ", \"broken\": " << broken
              << ", \"cpu_s\": " << cpu << "}\n";
    return 0;
}
