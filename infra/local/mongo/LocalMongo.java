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
//
// One change to how it finds documents: mongo-java-server uses a unique index only for a filter
// that names exactly the index's fields, so `{_id, version}` (every compare-and-set) and
// `{_id, status}` read the whole collection. Here a filter that names a unique index's fields with
// plain values, and more besides, is looked up by those fields first and the rest is checked on
// the one document found, as MongoDB's planner does.
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.MongoCollection;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

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

    MongoBackend backend = store.equals("memory") ? new Memory() : new H2(store);
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

  /**
   * The part of {@code query} that a unique index can look up, or null: the index's fields, each
   * with a value the index answers (a plain value or {@code $in}), when the query names more.
   */
  static <P> Iterable<P> narrowedPositions(List<Index<P>> indexes, Document query) {
    for (Index<P> index : indexes) {
      if (!index.isUnique()) continue;
      List<IndexKey> keys = index.getKeys();
      if (keys.size() >= query.size()) continue;
      Document part = new Document();
      for (IndexKey key : keys) {
        if (!query.containsKey(key.getKey())) {
          part = null;
          break;
        }
        part.put(key.getKey(), query.get(key.getKey()));
      }
      if (part != null && index.canHandle(part)) return index.getPositions(part);
    }
    return null;
  }

  static final class Memory extends MemoryBackend {
    @Override
    public MemoryDatabase openOrCreateDatabase(String databaseName) {
      return new MemoryDatabase(databaseName, getCursorRegistry()) {
        @Override
        protected MemoryCollection openOrCreateCollection(
            String collectionName, CollectionOptions options) {
          return new MemoryCollection(this, collectionName, options, cursorRegistry) {
            @Override
            protected QueryResult queryDocuments(
                Document query, Document orderBy, int skip, int limit, int batchSize,
                Document fieldSelector) {
              Iterable<Integer> positions = narrowedPositions(getIndexes(), query);
              if (positions == null) {
                return super.queryDocuments(query, orderBy, skip, limit, batchSize, fieldSelector);
              }
              return matchDocuments(query, positions, orderBy, skip, limit, batchSize, fieldSelector);
            }
          };
        }
      };
    }
  }

  static final class H2 extends H2Backend {
    H2(String file) {
      super(openStore(file));
    }

    // MVStore.open's defaults made the file store spend most of a core under load: a 16 MB page
    // cache, so index and document pages were read back from the file and deserialized again and
    // again, and background compaction whenever a chunk was under 90% full, which rewrites
    // (deserializes and serializes) live pages continuously while documents change. A larger cache
    // and compaction only of mostly-empty chunks keep the file bounded for the demo's sizes.
    private static MVStore openStore(String file) {
      return new MVStore.Builder()
          .fileName(file)
          .cacheSize(Integer.getInteger("localmongo.cacheMb", 256))
          .autoCompactFillRate(Integer.getInteger("localmongo.compactFillRate", 40))
          .open();
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
      MVStore mvStore = getMvStore();
      return new H2Database(databaseName, mvStore, getCursorRegistry()) {
        @Override
        protected MongoCollection<Object> openOrCreateCollection(
            String collectionName, CollectionOptions options) {
          // The map names H2Database itself uses (its DATABASES_PREFIX and META_PREFIX).
          String full = getFullCollectionNamespace(collectionName);
          MVMap<Object, Document> dataMap = mvStore.openMap("databases." + full);
          MVMap<String, Object> metaMap = mvStore.openMap("meta." + full);
          return new H2Collection(this, collectionName, options, dataMap, metaMap, cursorRegistry) {
            @Override
            protected QueryResult queryDocuments(
                Document query, Document orderBy, int skip, int limit, int batchSize,
                Document fieldSelector) {
              Iterable<Object> positions = narrowedPositions(getIndexes(), query);
              if (positions == null) {
                return super.queryDocuments(query, orderBy, skip, limit, batchSize, fieldSelector);
              }
              return matchDocuments(query, positions, orderBy, skip, limit, batchSize, fieldSelector);
            }
          };
        }
      };
    }
  }
}
