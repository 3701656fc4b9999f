"""A deliberately slow, obviously-correct meld solver for cross-checking."""

from __future__ import annotations

from itertools import combinations

from bot.engine.cards import RANK_VALUES


def all_melds(cards: list[int]) -> list[frozenset[int]]:
    out: list[frozenset[int]] = []
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(c % 13, []).append(c)
    for group in by_rank.values():
        for size in (3, 4):
            out.extend(frozenset(x) for x in combinations(group, size))
    held = set(cards)
    for suit in range(4):
        for start in range(13):
            run = []
            for r in range(start, 13):
                c = suit * 13 + r
                if c not in held:
                    break
                run.append(c)
                if len(run) >= 3:
                    out.append(frozenset(run))
    return out


def brute_min_deadwood(cards: list[int]) -> int:
    melds = all_melds(cards)
    total = sum(RANK_VALUES[c % 13] for c in cards)
    best = total

    def go(i: int, used: frozenset[int], melded: int) -> None:
        nonlocal best
        best = min(best, total - melded)
        for j in range(i, len(melds)):
            m = melds[j]
            if not (m & used):
                go(j + 1, used | m, melded + sum(RANK_VALUES[c % 13] for c in m))

    go(0, frozenset(), 0)
    return best


def brute_knock_value(cards: list[int]) -> int:
    return min(brute_min_deadwood([c for c in cards if c != d]) for d in cards)


def brute_layoff(defender: list[int], knocker_melds: list[list[int]]) -> int:
    """Try every way to lay cards off one at a time (chains included)."""
    best = brute_min_deadwood(defender)
    seen: set[tuple[frozenset[int], tuple[frozenset[int], ...]]] = set()

    def can_add(meld: frozenset[int], c: int) -> bool:
        ranks = {x % 13 for x in meld}
        suits = {x // 13 for x in meld}
        if len(suits) == 1 and len(ranks) == len(meld):  # run
            s = next(iter(suits))
            return c // 13 == s and (c % 13 == min(ranks) - 1 or c % 13 == max(ranks) + 1)
        return len(meld) == 3 and c % 13 == next(iter(ranks))

    def go(hand: frozenset[int], melds: tuple[frozenset[int], ...]) -> None:
        nonlocal best
        key = (hand, melds)
        if key in seen:
            return
        seen.add(key)
        best = min(best, brute_min_deadwood(sorted(hand)))
        for c in hand:
            for i, m in enumerate(melds):
                if can_add(m, c):
                    go(hand - {c}, (*melds[:i], m | {c}, *melds[i + 1 :]))

    go(frozenset(defender), tuple(frozenset(m) for m in knocker_melds))
    return best
