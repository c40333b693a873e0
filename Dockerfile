# One image for the API, the workers and the web build (the production shape of docker-compose.yml).
# Node 24 is an LTS line with support into 2028 (Node 20 ended on 2026-04-30); the code also runs on 20.19+.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm i -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm --filter @pagecast/web build

FROM node:24-bookworm-slim AS runtime
COPY --from=build /app /app
WORKDIR /app/apps/api
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
# The image's unprivileged user; the code stays root-owned, so the process cannot rewrite it.
USER node
# node itself is PID 1 (not pnpm, which does not pass SIGTERM on): a stop drains HTTP and lets the
# workers finish their chunk (src/runtime.ts#handleShutdown). The worker service runs src/worker.ts.
# A young generation of 64 MB: the API's requests allocate fast, and the default one made it collect
# garbage several times a second under load (docs/deploy.md; scripts/bench.mjs runs the API bench so).
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "src/main.ts"]

FROM nginx:1.28-alpine AS web
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
COPY deploy/nginx/docker.conf /etc/nginx/conf.d/default.conf
COPY deploy/nginx/pagecast-server.conf /etc/nginx/snippets/pagecast-server.conf
COPY deploy/nginx/log-format.conf /etc/nginx/snippets/pagecast-log-format.conf
COPY deploy/nginx/security-headers.conf /etc/nginx/snippets/pagecast-security-headers.conf
