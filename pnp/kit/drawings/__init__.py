"""Drawing pieces the kit's cards and printed extras are made of: shapes and symbols
(suit pips, fists, records), typesetting that fits text to its box, colours, and the
deck's standard back and frame. Layouts call them by name (:mod:`pnp.kit.layout_faces`);
the printable extras draw with them directly."""
