"""Questions answered over many deals or games, on top of the bots and the deal solver: the
atlas of how winnable deals are (``atlas``)."""
