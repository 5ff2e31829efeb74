"""The Music Game Thingy's drawings: a record-label look for the seven decks.

Every card sits on cream paper under a band in the colour of its type. Action
cards name their type twice over: a label in a pill beside a symbol drawn for
that type (a record for a Single, a microphone for a Venue, a bomb for
Sabotage ...), so colour is never the only cue. The numbers a player needs
mid-game (dice, income, minimum Fame, fees, hand limits, how long a card
lasts) come from the cards' typed fields and are drawn beside the rule text.

One module per deck kind, each drawing its side in a box the game's layout gives
(:mod:`pnp.kit.elements.music_game_thingy`); ``symbols``, ``styles`` and
``typesetting`` hold what they share.
"""
