"""The browser side of the game: the only package that touches the page.

It runs in Pyodide under PyScript; the engine (the rest of ``game``) never
imports it, so the rules stay runnable under plain CPython.
"""
