import fp from 'fastify-plugin';

// Clients often send `Content-Type: application/json` with an empty body on DELETE and on the spec's
// empty-body PUTs (/api/Order/{id}/pay …). Fastify's parser refuses that; here an empty body counts as none,
// and a route that needs a body still gets its own 400 from validation.
export const jsonBodyPlugin = fp(async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
});
