"""What each finishing place is worth beyond its points, over the chain of later games (generated).

Written by ``benchmarks/place_values.py`` (its docstring states the method)::

    python benchmarks/place_values.py --games 10000 --plain --write src/president/search/place_table.py

10,000 games of ``classic`` self-play per table size. ``PLACE_CHAIN[(preset, players)][h - 1][p]``
is what finishing in place ``p`` (0 first) is worth in the next ``h`` games beyond par, in points; the last
row stands for every longer horizon (the chain has faded by then). Each row sums to zero over the places.
"""

PLACE_CHAIN: dict[tuple[str, int], tuple[tuple[float, ...], ...]] = {
    ('daifugo', 3): (
        (0.196, -0.153, -0.043),
        (0.234, -0.169, -0.065),
        (0.242, -0.183, -0.059),
        (0.235, -0.198, -0.037),
        (0.231, -0.184, -0.046),
        (0.230, -0.179, -0.051),
    ),
    ('daifugo', 4): (
        (0.490, 0.100, -0.244, -0.346),
        (0.652, 0.109, -0.308, -0.453),
        (0.705, 0.128, -0.333, -0.499),
        (0.719, 0.133, -0.353, -0.499),
        (0.724, 0.126, -0.373, -0.476),
        (0.704, 0.132, -0.379, -0.457),
    ),
    ('daifugo', 5): (
        (0.806, 0.297, -0.104, -0.357, -0.641),
        (1.116, 0.406, -0.157, -0.481, -0.883),
        (1.249, 0.447, -0.183, -0.519, -0.994),
        (1.271, 0.474, -0.215, -0.501, -1.030),
        (1.269, 0.491, -0.199, -0.546, -1.015),
        (1.271, 0.494, -0.177, -0.570, -1.018),
    ),
    ('daifugo', 6): (
        (1.148, 0.536, -0.063, -0.075, -0.583, -0.964),
        (1.621, 0.770, -0.127, -0.099, -0.832, -1.333),
        (1.819, 0.890, -0.149, -0.135, -0.950, -1.474),
        (1.905, 0.944, -0.172, -0.146, -1.006, -1.525),
        (1.953, 0.949, -0.189, -0.123, -1.020, -1.571),
        (1.972, 0.973, -0.206, -0.114, -1.031, -1.594),
    ),
    ('daifugo', 7): (
        (1.274, 0.684, -0.093, -0.040, -0.056, -0.677, -1.092),
        (1.785, 0.931, -0.124, -0.063, -0.072, -0.924, -1.532),
        (1.988, 0.995, -0.144, -0.070, -0.073, -1.016, -1.680),
        (2.053, 1.025, -0.152, -0.075, -0.075, -1.029, -1.747),
        (2.066, 1.050, -0.136, -0.058, -0.070, -1.042, -1.810),
        (2.081, 1.087, -0.164, -0.052, -0.086, -1.017, -1.849),
    ),
}
"""The chain values by preset and table size, by horizon, by place."""
