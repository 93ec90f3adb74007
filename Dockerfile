# One image for both apps: the API (default command) and the worker (command override in compose).
# The base image is pinned to an exact Node release (test/ops/compose.test.ts); bump it on purpose.
FROM node:22.19.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY nest-cli.json tsconfig.json ./
COPY apps ./apps
COPY libs ./libs
COPY scripts ./scripts
COPY web ./web
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22.19.0-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
USER node
EXPOSE 3000
CMD ["node", "dist/api/apps/api/src/main.js"]
