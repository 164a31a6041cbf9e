// The local MongoDB-protocol server for development and tests: mongo-java-server, whose collection
// operations are synchronized, so single-document updates, $inc and unique keys keep MongoDB's promises
// under concurrent connections.
//
//   java -cp '<libs>/*:<classes>' LocalMongo --listen 127.0.0.1:27017 --store memory
//   java -cp '<libs>/*:<classes>' LocalMongo --listen 127.0.0.1:27017 --store /path/to/data.mv
//
// "memory" keeps everything in the process (the test servers); a file path keeps the data in an H2
// MVStore file that survives a restart (npm start's demo data). The server announces MongoDB 4.4
// (wire version 9): the Node driver 7.x refuses servers below it, and mongo-java-server itself
// offers 3.6, 4.0 and 5.0 only, where 5.0 would promise commands it does not implement.
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.List;
import java.util.concurrent.CountDownLatch;

public final class LocalMongo {
  private static final MongoVersion MONGO_4_4 =
      new MongoVersion() {
        @Override
        public List<Integer> getVersionArray() {
          return List.of(4, 4, 0);
        }

        @Override
        public int getWireVersion() {
          return 9;
        }
      };

  public static void main(String[] args) throws Exception {
    String listen = "127.0.0.1:27017";
    String store = "memory";
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--listen" -> listen = args[++i];
        case "--store" -> store = args[++i];
        default -> {
          System.err.println("usage: LocalMongo [--listen host:port] [--store memory|FILE]");
          System.exit(2);
        }
      }
    }
    int colon = listen.lastIndexOf(':');
    String host = listen.substring(0, colon);
    int port = Integer.parseInt(listen.substring(colon + 1));

    MongoBackend backend =
        store.equals("memory") ? new MemoryBackend() : new H2Backend(store);
    backend.version(MONGO_4_4);
    MongoServer server = new MongoServer(backend);
    server.bind(host, port);
    System.out.printf("local mongo (%s store) listening on %s%n", store, listen);

    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  // Stops accepting, closes the connections, then the store (H2 writes what it holds).
                  server.shutdown();
                  try {
                    backend.close();
                  } catch (RuntimeException alreadyClosed) {
                    // shutdown() closed it already
                  }
                  stopped.countDown();
                }));
    stopped.await();
  }
}
