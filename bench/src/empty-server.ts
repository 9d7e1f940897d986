import Fastify from 'fastify';

// The baseline of every ratio: the same framework on the same core answering `{}` with no plugins, no database
// and no logging. Whatever the shop does on top shows as the distance from this route.
const app = Fastify({ logger: false });
app.get('/', async () => ({}));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${address}`);
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
