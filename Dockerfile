# Gin Rummy for Discord: the bot in a container.
#
#   docker build -t gin-bot .
#   docker run -d --name gin-bot --env-file .env -v gin-data:/data gin-bot
#
# or, with PostgreSQL beside it: `docker compose up -d` (compose.yaml).
# See docs/deployment.md.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The package only (tests, benchmarks and docs stay out: .dockerignore).
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip install . \
    && rm -rf /src \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin gin \
    && mkdir -p /data \
    && chown gin:gin /data

# A dedicated user, never root.  /data holds the SQLite file (a volume: it
# outlives the container); the heartbeat lives in /tmp, fresh per container.
USER gin
WORKDIR /data
ENV GIN_DB_PATH=/data/gin.db \
    GIN_HEALTH_FILE=/tmp/gin-bot.alive
VOLUME ["/data"]

# Healthy while the bot is connected to Discord: it touches GIN_HEALTH_FILE
# every 30 s, and `gin-bot health` fails once the file is 90 s old.
HEALTHCHECK --interval=30s --timeout=10s --start-period=120s --retries=3 \
    CMD ["gin-bot", "health"]

# Exec form: gin-bot itself receives `docker stop`'s SIGTERM (it is PID 1 unless
# run with --init) and stops cleanly: moves in progress finish, exit status 0.
STOPSIGNAL SIGTERM
CMD ["gin-bot", "run"]
