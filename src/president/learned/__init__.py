"""The learned policy: a small numpy network trained to play like the search bot.

* :mod:`~president.learned.features`: a decision as one row of numbers per candidate move;
* :mod:`~president.learned.model`: the network, its training step, saving and loading;
* :mod:`~president.learned.teacher`: examples made by the search bot's judgement;
* :mod:`~president.learned.train`: the training run behind ``president train``;
* :mod:`~president.learned.bot`: the ``learned`` bot;
* :mod:`~president.learned.search`: the ``expert-learned`` search level.

Everything here needs numpy (the ``rl`` extra); the engine does not.
"""
