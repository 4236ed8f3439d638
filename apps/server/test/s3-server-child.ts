/**
 * An S3-protocol server for the tests (s3rver), in a process of its own: s3rver signs list continuation
 * tokens with DES, which OpenSSL 3 only has in its legacy provider, so this process runs with
 * --openssl-legacy-provider (test/s3-server.ts starts it) and the test process needs no such flag.
 */
import S3rver from 's3rver';

const directory = process.argv[2];
if (!directory) throw new Error('usage: s3-server-child.ts <directory>');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
process.send?.({ port });
// The test process ending (or stopping this one) ends the server.
process.on('disconnect', () => process.exit(0));
