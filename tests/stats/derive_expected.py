#!/usr/bin/env python3
"""Independent derivation of the values pinned in tests/stats/*.cpp (stdlib only, not built).

Run: python3 tests/stats/derive_expected.py

Every number here comes straight from the published formulas (fishtest's stat_util/LLRcalc,
fastchess's elo code, Ordo's manual), written again from the maths and solved with different
numerics than the C++ code:
  * Elo/LOS/nElo: closed forms with statistics.NormalDist (C++ uses erfc).
  * SPRT: the constrained MLE is found by Newton's method on the secular equation in 50-digit
    decimal arithmetic (C++ bisects in doubles).
  * Ratings: Zermelo/Hunter minorization-maximization fixed point (C++ uses Fisher scoring with
    Cholesky), covariance by Gauss-Jordan inversion (C++ uses Cholesky solves).
  * BayesElo: cyclic coordinate ascent, each coordinate solved by bisection on its derivative.
"""
import math
from decimal import Decimal, getcontext
from statistics import NormalDist

getcontext().prec = 50
Z95 = 1.959963984540054
NELO_PER_T = 800 / math.log(10)


# ---------------------------------------------------------------- Elo from counts
def elo_of(x):
    x = min(max(x, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / x - 1)


def elo_report(values, counts, sigma_factor):
    n = sum(counts)
    s = sum(v * c for v, c in zip(values, counts)) / n
    var = sum(c * (v - s) ** 2 for v, c in zip(values, counts)) / n
    half = Z95 * math.sqrt(var / n)
    out = {
        "score": s,
        "elo": elo_of(s),
        "elo_error": (elo_of(s + half) - elo_of(s - half)) / 2,
        "los": NormalDist().cdf((s - 0.5) / math.sqrt(var / n)) if var > 0 else None,
    }
    sigma = math.sqrt(sigma_factor * var)
    if sigma > 0:
        out["nelo"] = (s - 0.5) / sigma * NELO_PER_T
        out["nelo_error"] = half / sigma * NELO_PER_T
    return out


def wdl(w, d, l):
    r = elo_report([1, 0.5, 0], [w, d, l], 1)
    r["draw_ratio"] = d / (w + d + l)
    return r


def penta(ll, ld, dd, wd, ww):
    r = elo_report([0, 0.25, 0.5, 0.75, 1], [ll, ld, dd, wd, ww], 2)
    r["draw_ratio"] = dd / (ll + ld + dd + wd + ww)
    return r


# ---------------------------------------------------------------- SPRT (GSPRT, exact MLE)
def D(x):
    return Decimal(repr(x)) if isinstance(x, float) else Decimal(x)


def secular_newton(probs, coefs):
    """Root of sum p c / (1 + x c) = 0 by damped Newton from x = 0, kept inside the pole bounds."""
    lo, hi = -1 / max(coefs), -1 / min(coefs)
    x = Decimal(0)
    for _ in range(200):
        f = sum(p * c / (1 + x * c) for p, c in zip(probs, coefs))
        df = -sum(p * c * c / (1 + x * c) ** 2 for p, c in zip(probs, coefs))
        step = f / df
        nxt = x - step
        while not (lo < nxt < hi):
            step /= 2
            nxt = x - step
        if abs(nxt - x) < Decimal("1e-45"):
            return nxt
        x = nxt
    return x


def regularized(counts):
    reg = [D(c) if c > 0 else Decimal("0.001") for c in counts]
    total = sum(reg)
    values = [Decimal(i) / (len(counts) - 1) for i in range(len(counts))]
    return total, values, [r / total for r in reg]


def mle_mean(values, probs, s):
    coefs = [a - s for a in values]
    x = secular_newton(probs, coefs)
    return [p / (1 + x * c) for p, c in zip(probs, coefs)]


def mle_t(values, probs, ref, t):
    cur = [Decimal(1) / len(values)] * len(values)
    for _ in range(500):
        mu = sum(p * a for p, a in zip(cur, values))
        sigma = sum(p * (a - mu) ** 2 for p, a in zip(cur, values)).sqrt()
        coefs = [a - ref - t * sigma * (1 + ((a - mu) / sigma) ** 2) / 2 for a in values]
        x = secular_newton(probs, coefs)
        nxt = [p / (1 + x * c) for p, c in zip(probs, coefs)]
        change = max(abs(a - b) for a, b in zip(nxt, cur))
        cur = nxt
        if change < Decimal("1e-40"):
            break
    return cur


def bayeselo_score(elo, drawelo):
    """Mean score of BayesElo's model: P(win) + P(draw) / 2."""
    ten = Decimal(10)
    win = 1 / (1 + ten ** ((drawelo - elo) / 400))
    loss = 1 / (1 + ten ** ((drawelo + elo) / 400))
    return win + (1 - win - loss) / 2


def llr(counts, elo0, elo1, model):
    total, values, probs = regularized(counts)
    if model == "bayesian":
        # fastchess's model=bayesian: W/D/L only, no evidence without a win and a loss.
        if counts[0] == 0 or counts[-1] == 0:
            return 0.0
        pl, pw = probs[0], probs[-1]
        drawelo = 200 * ((1 - pl) / pl * (1 - pw) / pw).log10()
        s0, s1 = [bayeselo_score(D(e), drawelo) for e in (elo0, elo1)]
        p0, p1 = mle_mean(values, probs, s0), mle_mean(values, probs, s1)
    elif model == "logistic":
        s0, s1 = [D(1 / (1 + 10 ** (-e / 400))) for e in (elo0, elo1)]
        p0, p1 = mle_mean(values, probs, s0), mle_mean(values, probs, s1)
    else:
        scale = math.sqrt(2) if len(counts) == 5 else 1.0
        t0, t1 = [D(scale * e / NELO_PER_T) for e in (elo0, elo1)]
        half = Decimal(1) / 2
        p0, p1 = mle_t(values, probs, half, t0), mle_t(values, probs, half, t1)
    return float(total * sum(p * (b.ln() - a.ln()) for p, a, b in zip(probs, p0, p1)))


# ---------------------------------------------------------------- ratings (half-point MLE)
def solve_gauss_jordan(m):
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        pv = a[col][col]
        a[col] = [v / pv for v in a[col]]
        for r in range(n):
            if r != col:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    return [row[n:] for row in a]


def ratings_mm(games, k, anchors):
    """games: dict (white, black) -> (w, d, l). Hunter's MM on gamma = exp(k r), draws as halves."""
    players = sorted({p for pair in games for p in pair})
    pts = {p: 0.0 for p in players}
    n = {}
    for (w, b), (ww, dd, ll) in games.items():
        pts[w] += ww + dd / 2
        pts[b] += ll + dd / 2
        n[(w, b)] = n.get((w, b), 0) + ww + dd + ll
        n[(b, w)] = n.get((b, w), 0) + ww + dd + ll
    gamma = {p: math.exp(k * anchors.get(p, 0.0)) for p in players}
    for _ in range(200000):
        delta = 0.0
        for p in players:
            if p in anchors:
                continue
            denom = sum(n.get((p, q), 0) / (gamma[p] + gamma[q]) for q in players if q != p)
            new = pts[p] / denom
            delta = max(delta, abs(math.log(new / gamma[p])))
            gamma[p] = new
        if delta < 1e-15:
            break
    return {p: math.log(gamma[p]) / k for p in players}


def sandwich_cov(games, k, r, free):
    """Covariance of the free ratings: H^-1 J H^-1 with H = Fisher information, J = sum of squared scores."""
    idx = {p: i for i, p in enumerate(free)}
    m = len(free)
    H = [[0.0] * m for _ in range(m)]
    J = [[0.0] * m for _ in range(m)]
    for (w, b), (ww, dd, ll) in games.items():
        p = 1 / (1 + math.exp(-k * (r[w] - r[b])))
        h = k * k * (ww + dd + ll) * p * (1 - p)
        j = k * k * (ww * (1 - p) ** 2 + dd * (0.5 - p) ** 2 + ll * p ** 2)
        for (x, sx) in ((w, 1), (b, -1)):
            for (y, sy) in ((w, 1), (b, -1)):
                if x in idx and y in idx:
                    H[idx[x]][idx[y]] += sx * sy * h
                    J[idx[x]][idx[y]] += sx * sy * j
    Hi = solve_gauss_jordan(H)
    mul = lambda A, B: [[sum(A[i][t] * B[t][j] for t in range(m)) for j in range(m)] for i in range(m)]
    return mul(mul(Hi, J), Hi), idx


# ---------------------------------------------------------------- BayesElo
def bayeselo_probs(x, drawelo):
    f = lambda u: 1 / (1 + 10 ** (-u / 400))
    pw, pl = f(x - drawelo), f(-x - drawelo)
    return pw, 1 - pw - pl, pl


def bayeselo_fit(games, adv, drawelo, prior, anchor):
    cells = dict(games)
    pairs = {tuple(sorted(p)) for p in games}
    for a, b in pairs:
        for wb in ((a, b), (b, a)):
            w, d, l = cells.get(wb, (0, 0, 0))
            cells[wb] = (w, d + prior / 2, l)
    players = sorted({p for pair in cells for p in pair})
    r = {p: anchor.get(p, 0.0) for p in players}
    c = math.log(10) / 400

    def dloglik(p, x_p):
        total = 0.0
        for (w, b), (ww, dd, ll) in cells.items():
            if p not in (w, b):
                continue
            sign = 1 if p == w else -1
            x = (x_p if p == w else r[w]) - (x_p if p == b else r[b]) + adv
            pw, pd, pl = bayeselo_probs(x, drawelo)
            dw, dl = c * pw * (1 - pw), -c * pl * (1 - pl)
            total += sign * (ww * dw / pw - dd * (dw + dl) / pd + ll * dl / pl)
        return total

    for _ in range(400):
        move = 0.0
        for p in players:
            if p in anchor:
                continue
            lo, hi = -3000.0, 3000.0
            for _ in range(200):
                mid = (lo + hi) / 2
                if dloglik(p, mid) > 0:
                    lo = mid
                else:
                    hi = mid
            move = max(move, abs(mid - r[p]))
            r[p] = mid
        if move < 1e-12:
            break
    return r


def main():
    print("== Elo (trinomial / pentanomial)")
    # fastchess elo_test.cpp: EloWDL 1-3 (its Stats(w, l, d)) and EloPentanomial 1-3 (its
    # Stats(ll, ld, wl, dd, wd, ww), with wl + dd merged), plus symmetric cases.
    for args in [(76, 123, 89), (136, 111, 96), (34, 0, 356), (100, 0, 100), (1200, 1600, 1100)]:
        print("wdl", args, wdl(*args))
    for args in [(34, 54, 63, 64, 75), (332, 433, 498, 333, 334), (7895, 8757, 5685, 568, 9999), (10, 20, 40, 20, 10)]:
        print("penta", args, penta(*args))

    # Perfect scores: the smallest score p at which n samples all scoring 1 still have probability
    # 0.05 (the binomial tail P(X >= n) = sum_k C(n,k) p^k (1-p)^(n-k), k = n), by bisection.
    for n in (2, 12, 50, 100):
        lo, hi = Decimal(0), Decimal(1)
        for _ in range(200):
            mid = (lo + hi) / 2
            tail = sum(math.comb(n, k) * mid ** k * (1 - mid) ** (n - k) for k in range(n, n + 1))
            lo, hi = (mid, hi) if tail < Decimal("0.05") else (lo, mid)
        p = float(lo)
        print("perfect score floor n =", n, "score", repr(p), "elo", repr(400 * math.log10(p / (1 - p))))
    # Ordo's placement of a 2-0 between two players, pool mean 2300: A - B makes 1.5 of 2 expected.
    half_gap = 400 * math.log10(0.75 / 0.25) / 2
    print("two players 2-0: A", repr(2300 + half_gap), "B", repr(2300 - half_gap))

    print("== SPRT bounds: alpha=beta=0.05", math.log(0.05 / 0.95), math.log(0.95 / 0.05))
    print("== SPRT LLR")
    # (counts low to high: L,D,W or LL,LD,DD+WL,WD,WW), elo0, elo1, model. The ones marked [fc] are
    # fastchess's sprt_test.cpp cases (its Stats(w, l, d) / Stats(ll, ld, wl, dd, wd, ww) reordered);
    # [ft] are the examples in fishtest's stat_util.py.
    cases = [
        ((1100, 1600, 1200), 0, 5, "logistic"),
        ((1100, 1600, 1200), 0, 5, "normalized"),
        ((36027, 68692, 36433), 0, 2, "normalized"),            # [fc] expects 0.92
        ((10650, 20431, 10871), -1.75, 0.25, "normalized"),     # [fc] expects 2.30
        ((0, 0, 4250), 0, 10, "normalized"),                    # [fc] expects 2.97
        ((0, 16700, 0), 0, 5, "normalized"),                    # all draws
        ((21184, 40708, 21404), 0.5, 2.5, "logistic"),          # [fc] expects -1.57
        ((57030, 106593, 57433), 0, 2, "logistic"),             # [fc] expects -2.59
        ((365, 16618, 36229, 16974, 390), 0, 2, "normalized"),  # [fc] expects 2.25
        ((127, 4883, 10712, 5150, 104), -1.75, 0.25, "normalized"),  # [fc] expects 3.01
        ((0, 0, 0, 0, 5550), 0, 5, "normalized"),               # [fc] expects 2.94
        ((223, 9863, 21279, 10037, 246), 0.5, 2.5, "logistic"),  # [fc] expects -3.07
        ((871, 26175, 55983, 26678, 821), 0, 2, "logistic"),    # [fc] expects -4.98
        ((10789, 19328, 33806, 19402, 10543), -3, 1, "logistic"),  # [ft]
        ((39, 2226, 31451, 2412, 40), 0.2, 0.9, "logistic"),    # [ft]
        ((39, 2226, 31451, 2412, 40), 0.764, 3.439, "normalized"),  # [ft]
        ((68526, 128429, 68965), 0, 2, "bayesian"),             # [fc] expects -1.26
        ((21484, 41111, 21629), 0.5, 2.5, "bayesian"),          # [fc] expects -1.13
        ((1100, 1600, 1200), 0, 5, "bayesian"),
        # counts of tests/data/runner_output/fastchess_sprt_bayesian*.txt (fastchess printed LLR)
        ((3, 2, 5), 0, 10, "bayesian"),                         # 0.06
        ((4, 2, 14), 0, 10, "bayesian"),                        # 0.31
        ((6, 2, 16), 0, 10, "bayesian"),                        # 0.30
        ((3, 1, 6), 0, 100, "bayesian"),                        # 0.51
        ((3, 4, 13), 0, 100, "bayesian"),                       # 2.51
        ((5, 4, 18), 0, 100, "bayesian"),                       # 3.07
        ((0, 7, 9), 0, 10, "bayesian"),                         # no loss: 0
    ]
    for counts, e0, e1, model in cases:
        print("llr", counts, e0, e1, model, repr(llr(counts, e0, e1, model)))
    total, _, probs = regularized((1100, 1600, 1200))
    drawelo = 200 * ((1 - probs[0]) / probs[0] * (1 - probs[-1]) / probs[-1]).log10()
    print("bayesian drawelo (1100, 1600, 1200)", repr(float(drawelo)),
          "score(5)", repr(float(bayeselo_score(Decimal(5), drawelo))))

    print("== ratings")
    k_elo = math.log(10) / 400
    k_ordo = math.log(0.76 / 0.24) / 202
    # two players, 100 games, A scores 64 (W 50, D 28, L 22); A anchored at 2000
    two = {("A", "B"): (25, 14, 11), ("B", "A"): (11, 14, 25)}
    for name, k in (("elo", k_elo), ("ordo", k_ordo)):
        r = ratings_mm(two, k, {"B": 2000.0})
        cov, idx = sandwich_cov(two, k, r, ["A"])
        sd = math.sqrt(cov[0][0])
        print(name, "A-B", repr(r["A"] - r["B"]), "closed", repr(math.log(0.64 / 0.36) / k),
              "error95", repr(Z95 * sd), "cfs%", repr(100 * NormalDist().cdf((r["A"] - r["B"]) / sd)))
    # three players: 75%, 75%, 90% with equal games (Laskos's hand-computable example)
    three = {("X", "Y"): (15, 0, 5), ("Y", "Z"): (15, 0, 5), ("X", "Z"): (18, 0, 2)}
    r = ratings_mm(three, k_elo, {"Y": 0.0})
    print("three", {p: repr(v) for p, v in r.items()}, "400log10(3)=", repr(400 * math.log10(3)))
    # four players, unequal schedule; mean pinned at 2300
    four = {("P", "Q"): (30, 40, 20), ("Q", "P"): (22, 38, 30), ("P", "R"): (40, 30, 10), ("R", "S"): (25, 50, 25),
            ("S", "P"): (5, 20, 35), ("Q", "S"): (30, 30, 20), ("R", "Q"): (12, 30, 18)}
    r = ratings_mm(four, k_elo, {"P": 0.0})
    mean = sum(r.values()) / 4
    print("four", {p: repr(v - mean + 2300) for p, v in r.items()})
    cov, idx = sandwich_cov(four, k_elo, r, ["Q", "R", "S"])
    full = {p: {q: (cov[idx[p]][idx[q]] if p in idx and q in idx else 0.0) for q in "PQRS"} for p in "PQRS"}
    rowm = {p: sum(full[p][q] for q in "PQRS") / 4 for p in "PQRS"}
    tot = sum(rowm.values()) / 4
    centered = {p: full[p][p] - 2 * rowm[p] + tot for p in "PQRS"}
    print("four error95 (vs pool mean)", {p: repr(Z95 * math.sqrt(centered[p])) for p in "PQRS"})
    for a, b in (("P", "Q"), ("Q", "R"), ("R", "S")):
        sd = math.sqrt(full[a][a] + full[b][b] - 2 * full[a][b])
        print("four diff", a, b, repr(r[a] - r[b]), "sd", repr(sd), "cfs%", repr(100 * NormalDist().cdf((r[a] - r[b]) / sd)))

    r = ratings_mm(four, k_elo, {"P": 2400.0, "S": 2250.0})
    print("four anchored P=2400 S=2250", {p: repr(v) for p, v in r.items()})
    cov, idx = sandwich_cov(four, k_elo, r, ["Q", "R"])
    print("four anchored error95", {p: repr(Z95 * math.sqrt(cov[idx[p]][idx[p]])) for p in ("Q", "R")})
    # perfect loser C: 10 losses to anchor A (2000); ceiling = rating scoring 0.5 of 10
    print("ceiling", repr(2000 + 400 * math.log10(0.05 / 0.95)))

    print("== bayeselo")
    # two players, colours balanced, advantage 0, no prior: the MLE reproduces the empirical
    # win/loss rates, so fishtest's proba_to_bayeselo closed form gives elo and drawelo.
    w, d, l = 300, 500, 200
    pw, pl = w / (w + d + l), l / (w + d + l)
    print("bayeselo closed form elo", repr(200 * math.log10(pw / pl * (1 - pl) / (1 - pw))),
          "drawelo", repr(200 * math.log10((1 - pl) / pl * (1 - pw) / pw)))
    r = bayeselo_fit(four, 32.8, 97.3, 2.0, {"P": 0.0})
    mean = sum(r.values()) / 4
    print("bayeselo four", {p: repr(v - mean + 2300) for p, v in r.items()})
    print("bayeselo probs x=50 drawelo=97.3", bayeselo_probs(50, 97.3))


if __name__ == "__main__":
    main()
