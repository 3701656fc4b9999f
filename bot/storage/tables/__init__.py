"""The SQL of each table group, one module each, combined into :class:`~bot.storage.tx.Tx`."""
