"""The rules interpreter: content loading, the effect language, the board and the engine."""
