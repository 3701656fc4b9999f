"""Card row layout (``bot.render.layout``)."""

from __future__ import annotations

from bot.render.layout import plan_row


def test_row_plan_always_fits() -> None:
    for sizes in ([10], [3, 3, 3, 1, 1], [4, 4, 3], [6, 5, 4, 4], [1] * 11, [16, 1]):
        plan = plan_row(sizes, 112, 744)
        assert plan.width <= 744
