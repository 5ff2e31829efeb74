"""The tool's own documentation (``docs/``, built by ``pnp docs`` or ``make docs``): the
pages written by hand, and the reference made from the code at build time (every command
from the argparse parsers, every data file from the models), so it cannot go stale."""
