# One image for the API, the workers and the web build (the production shape of docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm i -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm --filter @pagecast/web build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
RUN npm i -g pnpm@10.34.9
COPY --from=build /app /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
CMD ["pnpm", "--filter", "@pagecast/api", "start"]

FROM nginx:1.27-alpine AS web
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY deploy/security-headers.conf /etc/nginx/snippets/pagecast-security-headers.conf
