"""Joe's Bar as a plug-in (entry point ``joes-bar`` of ``pnp.games``)."""

from bots.games.joes_bar.bots import BOTS
from bots.games.joes_bar.engine import JoesBar
from bots.games.joes_bar.verify import JoesBarVerify
from pnp.engines import Plugin
from pnp.play.joes_bar import JoesBarFront
from pnp.verify.evidence import evidence

PLUGIN = Plugin(
    JoesBar,
    bots=BOTS,
    verify=JoesBarVerify,
    front=JoesBarFront,
    # Ladder of 288 3-player games: cautious 26.5, brawler 25.9, tipsy 24.3, random 21.7.
    default_bot="brawler",
    evidence=evidence,
)
