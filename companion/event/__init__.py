"""The event network: stations publish their journals through Mosquitto, the desk gathers them,
holds the championship and serves the live page.

Nothing here imports pygame: the desk runs headless, beside or instead of the touch screens.
"""
