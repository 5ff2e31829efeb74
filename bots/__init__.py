"""Rules engines and bot players for the games in cards/."""
