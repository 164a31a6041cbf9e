// Readiness probe by a real request: `node probe.js mongo <url>` pings the server,
// `node probe.js kafka <brokers>` lists topics. Exits 0 when the server answers.
const [kind, target] = process.argv.slice(2);

async function main() {
  if (kind === 'mongo') {
    const { MongoClient } = require('mongodb');
    const client = new MongoClient(target, { serverSelectionTimeoutMS: 1500 });
    try {
      await client.db('admin').command({ ping: 1 });
    } finally {
      await client.close();
    }
  } else if (kind === 'kafka') {
    const { Kafka, logLevel } = require('kafkajs');
    const admin = new Kafka({
      brokers: target.split(','),
      logLevel: logLevel.NOTHING,
      connectionTimeout: 1500,
      retry: { retries: 0 },
    }).admin();
    await admin.connect();
    try {
      await admin.listTopics();
    } finally {
      await admin.disconnect();
    }
  } else {
    throw new Error(`unknown probe ${kind}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
