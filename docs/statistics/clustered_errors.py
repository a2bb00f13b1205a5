#!/usr/bin/env python3
"""How much wider a ladder's improvements are when games that share an opening are not taken as
independent (docs/ladders.md, "Stopping below the target").

Usage: docs/statistics/clustered_errors.py LADDER.db [LADDER_NAME]

Fits the ladder as arbiter does (maximum likelihood, logistic Elo, the plan's anchors fixed, or the
first opponent fixed when there are none: improvements do not depend on it), then gives each
improvement's 95% error from the sandwich covariance H^-1 J H^-1 with J summed per game (arbiter's
figure) and per cluster of games: the opening pair (a run's pair: one opening, both colours), the
step and opening (every game of a step on one opening, against all its opponents), and the opening
(every game on it). Also the information efficiency and the adjacent improvements' correlation.
Standard library only: a ladder has a few dozen players.
"""
import collections
import json
import math
import sqlite3
import sys

K = math.log(10) / 400
SCORE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def solve(a, y):
    n = len(y)
    m = [row[:] + [y[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda i: abs(m[i][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for i in range(n):
            if i != c:
                f = m[i][c] / m[c][c]
                for j in range(c, n + 1):
                    m[i][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] for i in range(n)]


def inverse(a):
    n = len(a)
    columns = [solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def load(path, ladder):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    if ladder is None:
        ladder = db.execute("select ladder from runs where kind = 'ladder' order by id desc limit 1").fetchone()[0]
    plan = json.loads(db.execute("select config from runs where kind = 'ladder' and ladder = ? order by id desc limit 1",
                                 (ladder,)).fetchone()[0])
    games = db.execute("select g.white, g.black, g.result, g.run_id, g.pair_index, g.opening_id from games g "
                       "join runs r on r.id = g.run_id where r.ladder = ?", (ladder,)).fetchall()
    return plan, [(w, b, SCORE[res], run, pair, opening) for w, b, res, run, pair, opening in games]


def fit(games, anchors, steps):
    players = sorted({g[0] for g in games} | {g[1] for g in games})
    fixed = {p: r for p, r in anchors.items() if p in players} or {next(p for p in players if p not in steps): 0.0}
    free = [p for p in players if p not in fixed]
    index = {p: i for i, p in enumerate(free)}
    start = sum(fixed.values()) / len(fixed)
    rating = {p: fixed.get(p, start) for p in players}
    cells = collections.defaultdict(lambda: [0, 0.0])
    for w, b, s, *_ in games:
        cells[(w, b)][0] += 1
        cells[(w, b)][1] += s
    for _ in range(100):
        gradient, hessian = [0.0] * len(free), [[0.0] * len(free) for _ in free]
        for (w, b), (n, points) in cells.items():
            e = 1 / (1 + math.exp(-K * (rating[w] - rating[b])))
            d, h = K * (points - n * e), K * K * n * e * (1 - e)
            ends = [(p, sign) for p, sign in ((w, 1), (b, -1)) if p in index]
            for p, sign in ends:
                gradient[index[p]] += sign * d
                for q, other in ends:
                    hessian[index[p]][index[q]] += sign * other * h
        step = solve(hessian, gradient)
        for p in free:
            rating[p] += step[index[p]]
        if max(abs(x) for x in step) < 1e-9:
            break
    return rating, index, inverse(hessian)


def sandwich(games, rating, index, hessian_inverse, cluster_of):
    n = len(index)
    sums = collections.defaultdict(lambda: collections.defaultdict(float))
    for i, (w, b, s, *_rest) in enumerate(games):
        e = 1 / (1 + math.exp(-K * (rating[w] - rating[b])))
        for p, sign in ((w, 1), (b, -1)):
            if p in index:
                sums[cluster_of(i, games[i])][index[p]] += sign * K * (s - e)
    j = [[0.0] * n for _ in range(n)]
    for scores in sums.values():
        for a, x in scores.items():
            for b, y in scores.items():
                j[a][b] += x * y
    hj = [[sum(hessian_inverse[i][m] * j[m][k] for m in range(n)) for k in range(n)] for i in range(n)]
    return [[sum(hj[i][m] * hessian_inverse[m][k] for m in range(n)) for k in range(n)] for i in range(n)]


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.split("\n\n")[1])
    plan, games = load(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else None)
    plan_steps = plan["steps"]
    rating, index, h_inv = fit(games, plan.get("anchors", {}), plan_steps)

    def step_of(game):
        return game[0] if game[0] in plan_steps else game[1]

    clusters = {"game": lambda i, g: i, "opening pair": lambda i, g: (g[3], g[4]),
                "step and opening": lambda i, g: (step_of(g), g[5]), "opening": lambda i, g: g[5]}
    covariances = {name: sandwich(games, rating, index, h_inv, f) for name, f in clusters.items()}

    def error(c, a, b):
        i, j = index[a], index[b]
        return 1.959964 * math.sqrt(max(0.0, c[i][i] + c[j][j] - 2 * c[i][j]))

    steps = [s for s in plan_steps if s in index]
    print("improvement", *(f"{name:>16}" for name in clusters))
    ratios = collections.defaultdict(list)
    for before, step in zip(steps, steps[1:]):
        errors = {name: error(c, step, before) for name, c in covariances.items()}
        for name in clusters:
            ratios[name].append(errors[name] / errors["game"])
        print(f"{step:24.24}", *(f"{errors[name]:16.1f}" for name in clusters))
    for name in clusters:
        print(f"{name}: error ratio to per-game, mean {sum(ratios[name]) / len(ratios[name]):.3f}, "
              f"largest {max(ratios[name]):.3f}")
    expected = [1 / (1 + math.exp(-K * (rating[w] - rating[b]))) for w, b, *_ in games]
    information = sum(e * (1 - e) for e in expected)
    print(f"games {len(games)}, information efficiency {information / (0.25 * len(games)):.3f}")
    c = covariances["game"]

    def cv(a, b):
        return c[index[a]][index[b]]

    correlations = []
    for a, b, d in zip(steps, steps[1:], steps[2:]):
        covariance = cv(b, d) - cv(b, b) - cv(a, d) + cv(a, b)
        variances = (cv(b, b) + cv(a, a) - 2 * cv(a, b)) * (cv(d, d) + cv(b, b) - 2 * cv(b, d))
        correlations.append(covariance / math.sqrt(variances))
    if correlations:
        print(f"adjacent improvements correlate {sum(correlations) / len(correlations):+.3f} on average "
              f"(from {min(correlations):+.3f} to {max(correlations):+.3f})")
