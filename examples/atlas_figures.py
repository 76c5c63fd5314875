"""The atlas's tables and plots for the docs (needs matplotlib: pip install matplotlib).

Tranquility, from the results file of ``tranquility atlas``:

    python examples/atlas_figures.py tranquility atlas.sqlite --deals 1000 --out docs/atlas

Tobago, for every bundled island: the land fields no set of clue cards can single out, and, from
simulated ``seed`` games of four GreedyBots, how often a game ends because a treasure cannot be
located, and how long games last:

    python examples/atlas_figures.py tobago --games 100 --out docs/atlas

Each prints a Markdown table and writes its plots as SVG and PNG into ``--out``. Without
arguments it judges a few deals into ``atlas-demo.sqlite`` and draws their figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

import tobago_solver as tb
from tranquility_solver.analysis.atlas import PRESETS, AtlasStore, atlas

UNLOCATABLE = "treasure cannot be located"


def tranquility_figures(results: Path, deals: int, out: Path, bots: list[str]) -> str:
    """The table and two plots of a Tranquility atlas results file."""
    store = AtlasStore(results, _step_limit(results))
    cells = [
        store.cell(players, rules, deals, bots) for players in range(1, 6) for rules in PRESETS
    ]
    cells = [cell for cell in cells if cell.winnable + cell.unwinnable + cell.undecided > 0]
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    colours = {"seed": "#3a7ca5", "published": "#d1495b"}
    for rules, marker in zip(PRESETS, "os", strict=True):
        mine = [cell for cell in cells if cell.rules == rules]
        players = [cell.players for cell in mine]
        # Undecided deals may go either way: the solver's share is a band, not a point.
        proven = [100 * c.winnable / c.deals for c in mine]
        possible = [100 * (c.winnable + c.undecided) / c.deals for c in mine]
        axes[0].fill_between(players, proven, possible, color=colours[rules], alpha=0.15)
        axes[0].plot(
            players,
            proven,
            marker=marker,
            color=colours[rules],
            label=f"proven winnable, every card known ({rules})",
        )
        for bot in bots:
            shares = [c.wins(bot) / c.deals for c in mine]
            intervals = [c.bot_interval(bot) for c in mine]
            low = [
                max(0.0, share - interval[0])
                for share, interval in zip(shares, intervals, strict=True)
            ]
            high = [
                max(0.0, interval[1] - share)
                for share, interval in zip(shares, intervals, strict=True)
            ]
            axes[0].errorbar(
                players,
                [100 * share for share in shares],
                yerr=[[100 * x for x in low], [100 * x for x in high]],
                marker=marker,
                linestyle="--",
                color=colours[rules],
                capsize=3,
                label=f"won by {bot} ({rules})",
            )
    axes[0].set(xlabel="players", ylabel="share of deals (%)", ylim=(0, 105), xticks=range(1, 6))
    axes[0].set_title("How often a deal is won")
    axes[0].legend(fontsize=7, loc="lower left")
    for rules in PRESETS:
        work = [
            nodes
            for players in range(1, 6)
            for nodes in store.work(players, rules, deals)
            if nodes > 0
        ]
        if work:
            bins = [10 ** (k / 4) for k in range(4, 17)]
            axes[1].hist(
                work, bins=bins, histtype="step", linewidth=2, label=rules, color=colours[rules]
            )
    axes[1].set(xscale="log", xlabel="positions the solver visited per deal", ylabel="deals")
    axes[1].set_title("How hard deals are to decide (the bound stops the search)")
    axes[1].legend()
    figure.tight_layout()
    _save(figure, out / "tranquility-atlas")
    store.close()
    head = "| players | rules | deals | winnable, at least | winnable (decided) | unwinnable |"
    head += " undecided |"
    head += "".join(f" {bot} wins |" for bot in bots)
    lines = [head, "|" + "---|" * (7 + len(bots))]
    for cell in cells:
        bottom, top = cell.winnable_interval
        decided = cell.winnable + cell.unwinnable
        row = (
            f"| {cell.players} | {cell.rules} | {cell.deals} | "
            f"{_pct(cell.winnable / cell.deals)} | "
            f"{_pct(cell.winnable / max(1, decided))} ({_pct(bottom)}–{_pct(top)}) | "
            f"{cell.unwinnable} | {cell.undecided} |"
        )
        for bot in bots:
            bottom, top = cell.bot_interval(bot)
            row += f" {_pct(cell.wins(bot) / cell.deals)} ({_pct(bottom)}–{_pct(top)}) |"
        lines.append(row)
    return "\n".join(lines)


def tobago_figures(games: int, out: Path, workers: int) -> str:
    """The island table and its plot."""
    rows: list[tuple[str, int, int, float, list[int]]] = []
    for name in tb.islands.names():
        island = tb.islands.get(name)
        identifiability = tb.identifiability(island)
        result = tb.simulate(games, island=island, bots=["greedy"] * 4, seed=0, workers=workers)
        ends = result.end_reasons()
        turns = [game.turns for game in result.games]
        rows.append(
            (
                name,
                len(identifiability.proofs),
                len(identifiability.never),
                ends.get(UNLOCATABLE, 0) / games,
                turns,
            )
        )
        print(f"{name}: done", file=sys.stderr)
    figure, axis = plt.subplots(figsize=(11, 4.2))
    names = [row[0] for row in rows]
    axis.bar(
        names,
        [100 * row[3] for row in rows],
        color="#3a7ca5",
        label="games that ended so (left axis)",
    )
    axis.set_ylabel(f"games ended: '{UNLOCATABLE}' (%)")
    axis.tick_params(axis="x", rotation=90, labelsize=7)
    twin = axis.twinx()
    twin.plot(
        names,
        [row[2] for row in rows],
        "o",
        color="#d1495b",
        label="fields never singled out (right axis)",
    )
    twin.set_ylabel("land fields no clue set can single out")
    axis.set_title(f"Tobago islands: {games} seed games of four GreedyBots each")
    handles = [*axis.get_legend_handles_labels()[0], *twin.get_legend_handles_labels()[0]]
    axis.legend(handles=handles, loc="upper left", fontsize=8)
    figure.tight_layout()
    _save(figure, out / "tobago-islands")
    lines = [
        "| island | land fields | never singled out | ended: treasure cannot be located | "
        "turns (median) | turns (90th percentile) |",
        "|---|---|---|---|---|---|",
    ]
    for name, land, never, unlocatable, turns in rows:
        tenth = statistics.quantiles(turns, n=10)[-1] if len(turns) > 1 else turns[0]
        lines.append(
            f"| {name} | {land} | {never} | {_pct(unlocatable)} | "
            f"{statistics.median(turns):.0f} | {tenth:.0f} |"
        )
    return "\n".join(lines)


def _step_limit(results: Path) -> int:
    import sqlite3

    with sqlite3.connect(results) as db:
        row = db.execute("SELECT value FROM settings WHERE key='step_limit'").fetchone()
    if row is None:
        raise SystemExit(f"{results} is not an atlas results file")
    return int(row[0])


def _pct(share: float) -> str:
    return f"{100 * share:.0f}%"


def _save(figure: Figure, stem: Path) -> None:
    stem.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(stem.with_suffix(".svg"), metadata={"Date": None})
    figure.savefig(stem.with_suffix(".png"), dpi=110)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="game")
    tranquility = commands.add_parser("tranquility", help="plots of a tranquility atlas file")
    tranquility.add_argument("results", type=Path)
    tranquility.add_argument("--deals", type=int, default=1000)
    tranquility.add_argument("--bots", default="heuristic")
    tobago = commands.add_parser("tobago", help="the island table and plot")
    tobago.add_argument("--games", type=int, default=100)
    tobago.add_argument("--workers", type=int, default=1)
    for command in (tranquility, tobago):
        command.add_argument("--out", type=Path, default=Path("atlas-figures"))
    args = parser.parse_args()
    if args.game is None:
        demo = Path("atlas-demo.sqlite")
        atlas(players=[1, 2], rules=PRESETS, deals=10, out=demo, progress=False)
        print(tranquility_figures(demo, 10, Path("atlas-figures"), ["heuristic"]))
    elif args.game == "tranquility":
        bots = [bot.strip() for bot in args.bots.split(",") if bot.strip()]
        print(tranquility_figures(args.results, args.deals, args.out, bots))
    else:
        print(tobago_figures(args.games, args.out, args.workers))


if __name__ == "__main__":
    main()
