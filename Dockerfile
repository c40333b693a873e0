# One image for the API, the workers and the web build (the production shape of docker-compose.yml).
# Node 24 is an LTS line with support into 2028 (Node 20 ended on 2026-04-30); the code also runs on 20.19+.
# No secret reaches an image: .dockerignore keeps .env files, keys and the data folder out of the context, the
# build stage copies the manifests, the lockfile and the sources only, and the runtime stage holds only the
# API with its production dependencies and the built web app (apps/api/test/deploy-docker-context.test.ts).
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm i -g pnpm@10.34.9
# The manifests first, so the install layer is reused until one of them changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/graph-emulator/package.json apps/graph-emulator/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/ui/package.json packages/ui/
COPY tooling/eslint/package.json tooling/eslint/
COPY tooling/prettier/package.json tooling/prettier/
COPY tooling/tailwind/package.json tooling/tailwind/
COPY tooling/typescript/package.json tooling/typescript/
RUN pnpm install --frozen-lockfile --filter @pagecast/api... --filter @pagecast/web...
COPY tooling tooling
COPY packages packages
COPY apps apps
# The API as it runs (tsx runs its TypeScript): its own files and production dependencies, the workspace
# packages copied in (pnpm 10's deploy needs injected workspace packages, asked for here only).
RUN pnpm --filter @pagecast/web build \
  && pnpm --config.inject-workspace-packages=true --filter @pagecast/api deploy --prod /deploy/apps/api

FROM node:24-bookworm-slim AS runtime
# The repository's layout (src/config.ts finds the web build from its own path): /app/apps/api and
# /app/apps/web/dist, nothing else. Root-owned, so the process cannot rewrite its code.
COPY --from=build /deploy/apps/api /app/apps/api
COPY --from=build /app/apps/web/dist /app/apps/web/dist
WORKDIR /app/apps/api
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
# The image's unprivileged user.
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
