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
// Two changes to how it finds documents:
// - mongo-java-server uses a unique index only for a filter that names exactly the index's fields,
//   so `{_id, version}` (every compare-and-set) and `{_id, status}` read the whole collection. Here
//   a filter that names a unique index's fields with plain values, and more besides, is looked up
//   by those fields first and the rest is checked on the one document found, as MongoDB's planner
//   does.
// - mongo-java-server accepts non-unique indexes but never uses them (an EmptyIndex), so every
//   other query reads the whole collection. Here they are kept in memory (SecondaryIndex below,
//   rebuilt from the documents when the file store reopens them) and a filter with plain equality
//   or $in on an indexed field reads only the documents holding those values; the whole filter,
//   sort, skip and limit are applied to them afterwards.
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import de.bwaldvogel.mongo.MongoCollection;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;
import org.h2.mvstore.type.ObjectDataType;

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
   * The positions a unique index narrows {@code query} to, or null: the index's fields, each with a
   * value the index answers (a plain value or {@code $in}), when the query names more.
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

  /** Whether a unique index looks {@code query} up itself (mongo-java-server's own lookup). */
  static <P> boolean uniqueIndexAnswers(List<Index<P>> indexes, Document query) {
    for (Index<P> index : indexes) {
      if (index.isUnique() && index.canHandle(query)) return true;
    }
    return false;
  }

  /**
   * The {@code _id}s of the documents that can match {@code query}, chosen by the secondary
   * indexes, or null when no secondary index applies (then the collection is scanned). A superset
   * of the matching documents: the caller still applies the whole filter. Null too when the
   * candidates would be half of the {@code documents} or more: reading them one by one then costs
   * more than the scan.
   */
  static <P> Set<Object> secondaryCandidates(
      List<Index<P>> indexes, Document query, Document orderBy, int documents) {
    if (orderBy != null && orderBy.containsKey("$natural")) return null;
    List<SecondaryIndex<P>> used = new ArrayList<>();
    List<Integer> keyAt = new ArrayList<>();
    List<List<Object>> values = new ArrayList<>();
    int best = -1;
    long bestSize = Long.MAX_VALUE;
    for (Index<P> index : indexes) {
      if (!(index instanceof SecondaryIndex<P> secondary)) continue;
      List<IndexKey> keys = index.getKeys();
      for (int k = 0; k < keys.size(); k++) {
        if (!secondary.usable(k)) continue;
        String path = keys.get(k).getKey();
        if (!query.containsKey(path)) continue;
        List<Object> wanted = SecondaryIndex.equalityValues(query.get(path));
        if (wanted == null) continue;
        long size = secondary.count(k, wanted);
        used.add(secondary);
        keyAt.add(k);
        values.add(wanted);
        if (size < bestSize) {
          bestSize = size;
          best = used.size() - 1;
        }
      }
    }
    if (best < 0 || bestSize * 2 >= documents && documents > 16) return null;
    Set<Object> ids = new HashSet<>();
    used.get(best).collect(keyAt.get(best), values.get(best), ids);
    for (int c = 0; c < used.size() && !ids.isEmpty(); c++) {
      if (c == best) continue;
      SecondaryIndex<P> other = used.get(c);
      int k = keyAt.get(c);
      List<Object> wanted = values.get(c);
      ids.removeIf(id -> !other.contains(k, wanted, id));
    }
    return ids;
  }

  /**
   * A non-unique index, kept in memory and derived from the documents (mongo-java-server's own
   * answer to a non-unique index is an EmptyIndex that is never used). For each of its keys it maps
   * every value a document holds at that path (each element of an array, through arrays of
   * sub-documents on a dotted path; numbers normalized as the query matcher compares them, so 1,
   * 1.0 and 1L are one value) to the documents' {@code _id}s. A query with plain equality or
   * {@code $in} of plain values on any of the keys is answered with the ids that hold one of those
   * values; anything else (null, missing, sub-documents, arrays, regexes, ranges) is refused and the
   * collection is scanned. The filter is applied in full afterwards, so the index only narrows.
   * Sparse or not, every document is indexed (a sparse index only leaves out what a plain value
   * cannot match). It is rebuilt from the documents whenever it is opened: on createIndexes, and
   * when the file store reopens the indexes it lists at start.
   */
  static final class SecondaryIndex<P> extends Index<P> {
    private final List<List<String>> paths = new ArrayList<>();
    private final List<Map<Object, Set<Object>>> byValue = new ArrayList<>();
    private final Map<Object, List<Set<Object>>> byId = new HashMap<>();

    SecondaryIndex(String name, List<IndexKey> keys, boolean sparse) {
      super(name, keys, sparse);
      for (IndexKey key : keys) {
        List<String> path = List.of(key.getKey().split("\\.", -1));
        boolean plain =
            path.stream().noneMatch(f -> f.isEmpty() || f.startsWith("$") || f.matches("\\d+"));
        paths.add(plain ? path : null);
        byValue.add(new HashMap<>());
      }
    }

    boolean usable(int k) {
      return paths.get(k) != null;
    }

    /** The values a query value asks for by equality, or null if it asks something else. */
    static List<Object> equalityValues(Object queryValue) {
      if (queryValue instanceof Document operator) {
        if (operator.size() != 1) return null;
        if (operator.containsKey("$eq")) return equalityValues(operator.get("$eq"));
        if (!(operator.get("$in") instanceof Collection<?> in)) return null;
        if (in.size() > 1000) return null;
        List<Object> all = new ArrayList<>();
        for (Object value : in) {
          if (!isPlain(value)) return null;
          all.add(normalize(value));
        }
        return all;
      }
      return isPlain(queryValue) ? List.of(normalize(queryValue)) : null;
    }

    private static boolean isPlain(Object value) {
      return value instanceof String
          || value instanceof Number
          || value instanceof Boolean
          || value instanceof ObjectId
          || value instanceof Instant
          || value instanceof Date
          || value instanceof UUID;
    }

    /** As the query matcher compares values (mongo-java-server's Utils.normalizeValue). */
    private static Object normalize(Object value) {
      return value instanceof Number ? new KeyValue(value).normalized().get(0) : value;
    }

    /** Every value at {@code path} that an equality on a plain value can match. */
    private static void values(Object value, List<String> path, int at, Set<Object> out) {
      if (value instanceof Collection<?> list) {
        for (Object element : list) values(element, path, at, out);
      } else if (at == path.size()) {
        if (!Missing.isNullOrMissing(value) && !(value instanceof Document)) out.add(normalize(value));
      } else if (value instanceof Document document) {
        values(document.getOrMissing(path.get(at)), path, at + 1, out);
      }
    }

    private List<Set<Object>> keyValues(Document document) {
      List<Set<Object>> all = new ArrayList<>(paths.size());
      for (List<String> path : paths) {
        Set<Object> out = new HashSet<>();
        if (path != null) values(document, path, 0, out);
        all.add(out);
      }
      return all;
    }

    synchronized long count(int k, List<Object> wanted) {
      long n = 0;
      for (Object value : wanted) {
        Set<Object> ids = byValue.get(k).get(value);
        if (ids != null) n += ids.size();
      }
      return n;
    }

    synchronized void collect(int k, List<Object> wanted, Set<Object> out) {
      for (Object value : wanted) {
        Set<Object> ids = byValue.get(k).get(value);
        if (ids != null) out.addAll(ids);
      }
    }

    synchronized boolean contains(int k, List<Object> wanted, Object id) {
      List<Set<Object>> held = byId.get(id);
      if (held == null) return false;
      for (Object value : wanted) {
        if (held.get(k).contains(value)) return true;
      }
      return false;
    }

    @Override
    public synchronized void add(Document document, P position, MongoCollection<P> collection) {
      Object id = document.get("_id");
      if (byId.containsKey(id)) removeId(id);
      List<Set<Object>> held = keyValues(document);
      byId.put(id, held);
      for (int k = 0; k < held.size(); k++) {
        for (Object value : held.get(k)) {
          byValue.get(k).computeIfAbsent(value, v -> new HashSet<>()).add(id);
        }
      }
    }

    private void removeId(Object id) {
      List<Set<Object>> held = byId.remove(id);
      if (held == null) return;
      for (int k = 0; k < held.size(); k++) {
        Map<Object, Set<Object>> index = byValue.get(k);
        for (Object value : held.get(k)) {
          Set<Object> ids = index.get(value);
          if (ids != null && ids.remove(id) && ids.isEmpty()) index.remove(value);
        }
      }
    }

    /** Null: the collection takes the position from the unique indexes (see isSparse). */
    @Override
    public synchronized P remove(Document document) {
      removeId(document.get("_id"));
      return null;
    }

    @Override
    public synchronized void updateInPlace(
        Document oldDocument, Document newDocument, P position, MongoCollection<P> collection) {
      removeId(oldDocument.get("_id"));
      add(newDocument, position, collection);
    }

    /**
     * The collection accepts a null position from remove() only from a sparse index; this index
     * knows no positions (the listed options are the declared ones, kept by the server).
     */
    @Override
    protected boolean isSparse() {
      return true;
    }

    @Override
    public P getPosition(Document document) {
      return null;
    }

    @Override
    public void checkAdd(Document document, MongoCollection<P> collection) {}

    @Override
    public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<P> collection) {}

    @Override
    public boolean canHandle(Document query) {
      return false;
    }

    @Override
    public Iterable<P> getPositions(Document query) {
      throw new UnsupportedOperationException();
    }

    @Override
    public synchronized long getCount() {
      return byId.size();
    }

    @Override
    public long getDataSize() {
      return getCount();
    }

    @Override
    public synchronized void drop() {
      byId.clear();
      byValue.forEach(Map::clear);
    }
  }

  /**
   * The key type of the file store's unique indexes. mongo-java-server opens their maps with H2's
   * default ObjectDataType, which compares keys it does not know (every KeyValue) by serializing
   * both with Java serialization on every comparison: a quarter of the file store's CPU under
   * load. This compares the values as mongo-java-server orders them (ValueComparator, the order of
   * a sort; numbers normalized, so 1 and 1.0 are one key as before) and stores a key as before
   * (Java-serialized). The keys' order on disk is not ObjectDataType's, so a data file written by
   * the one is not usable by the other: infra.sh gives this format's data file a name of its own.
   */
  static final class KeyValueType extends BasicDataType<KeyValue> {
    static final KeyValueType INSTANCE = new KeyValueType();
    private static final ObjectDataType SERIALIZED = new ObjectDataType();

    @Override
    public int compare(KeyValue a, KeyValue b) {
      int n = Math.min(a.size(), b.size());
      for (int i = 0; i < n; i++) {
        int c = compareValues(a.get(i), b.get(i));
        if (c != 0) return c;
      }
      return Integer.compare(a.size(), b.size());
    }

    private static int compareValues(Object a, Object b) {
      if (a == b) return 0;
      // Element by element for arrays (the sort order's own list handling ties [1, 2] and [1, 3]).
      int c = ValueComparator.ascWithoutListHandling().compare(a, b);
      if (c != 0 || Objects.equals(a, b)) return c;
      // Unequal values the order ties: distinct keys, in a fixed order.
      c = a.getClass().getName().compareTo(b.getClass().getName());
      return c != 0 ? c : SERIALIZED.compare(a, b);
    }

    @Override
    public int getMemory(KeyValue key) {
      return 48 + 24 * key.size();
    }

    @Override
    public void write(WriteBuffer buffer, KeyValue key) {
      SERIALIZED.write(buffer, key);
    }

    @Override
    public KeyValue read(ByteBuffer buffer) {
      return (KeyValue) SERIALIZED.read(buffer);
    }

    @Override
    public KeyValue[] createStorage(int size) {
      return new KeyValue[size];
    }
  }

  /** mongo-java-server's H2UniqueIndex (whose constructor is not public), on a map of KeyValueType. */
  static final class H2KeyIndex extends AbstractUniqueIndex<Object> {
    private final MVMap<KeyValue, Object> map;

    H2KeyIndex(MVMap<KeyValue, Object> map, String name, List<IndexKey> keys, boolean sparse) {
      super(name, keys, sparse);
      this.map = map;
    }

    @Override
    protected Object removeDocument(KeyValue keyValue) {
      return map.remove(keyValue);
    }

    @Override
    protected boolean putKeyPosition(KeyValue keyValue, Object position) {
      return map.putIfAbsent(keyValue, Missing.ofNullable(position)) == null;
    }

    @Override
    protected Iterable<Map.Entry<KeyValue, Object>> getIterable() {
      return map.entrySet();
    }

    @Override
    protected Object getPosition(KeyValue keyValue) {
      return map.get(keyValue);
    }

    @Override
    public long getCount() {
      return map.sizeAsLong();
    }

    @Override
    public boolean isEmpty() {
      return map.isEmpty();
    }

    @Override
    public long getDataSize() {
      return getCount();
    }
  }

  static final class Memory extends MemoryBackend {
    @Override
    public MemoryDatabase openOrCreateDatabase(String databaseName) {
      return new MemoryDatabase(databaseName, getCursorRegistry()) {
        @Override
        protected Index<Integer> openOrCreateSecondaryIndex(
            String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
          return new SecondaryIndex<>(indexName, keys, sparse);
        }

        @Override
        protected MemoryCollection openOrCreateCollection(
            String collectionName, CollectionOptions options) {
          return new MemoryCollection(this, collectionName, options, cursorRegistry) {
            @Override
            public synchronized void addIndex(Index<Integer> index) {
              super.addIndex(index);
            }

            @Override
            protected QueryResult queryDocuments(
                Document query, Document orderBy, int skip, int limit, int batchSize,
                Document fieldSelector) {
              List<Index<Integer>> indexes = getIndexes();
              Iterable<Integer> positions = narrowedPositions(indexes, query);
              if (positions != null) {
                return matchDocuments(query, positions, orderBy, skip, limit, batchSize, fieldSelector);
              }
              Set<Object> ids =
                  uniqueIndexAnswers(indexes, query)
                      ? null
                      : secondaryCandidates(indexes, query, orderBy, count());
              if (ids == null) {
                return super.queryDocuments(query, orderBy, skip, limit, batchSize, fieldSelector);
              }
              // Positions through the _id index (a position is not part of the document), in
              // position order, as a scan would return them.
              Index<Integer> idIndex = null;
              for (Index<Integer> index : indexes) {
                if (index.isUnique() && index.getKeys().size() == 1
                    && index.getKeys().get(0).getKey().equals("_id")) idIndex = index;
              }
              if (idIndex == null) {
                return super.queryDocuments(query, orderBy, skip, limit, batchSize, fieldSelector);
              }
              List<Integer> found = new ArrayList<>(ids.size());
              for (Object id : ids) {
                Integer position = idIndex.getPosition(new Document("_id", id));
                if (position != null) found.add(position);
              }
              found.sort(null);
              List<Document> documents = new ArrayList<>(found.size());
              for (Integer position : found) {
                Document document = getDocument(position);
                if (document != null) documents.add(document);
              }
              return matchDocumentsFromStream(
                  documents.stream(), query, orderBy, skip, limit, batchSize, fieldSelector);
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
        protected Index<Object> openOrCreateUniqueIndex(
            String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
          // The map name H2Database itself uses, with keys compared by KeyValueType.
          String name = getFullCollectionNamespace(collectionName) + "._index_" + indexName;
          MVMap<KeyValue, Object> map =
              mvStore.openMap(name, new MVMap.Builder<KeyValue, Object>().keyType(KeyValueType.INSTANCE));
          return new H2KeyIndex(map, indexName, keys, sparse);
        }

        @Override
        protected Index<Object> openOrCreateSecondaryIndex(
            String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
          return new SecondaryIndex<>(indexName, keys, sparse);
        }

        @Override
        protected MongoCollection<Object> openOrCreateCollection(
            String collectionName, CollectionOptions options) {
          // The map names H2Database itself uses (its DATABASES_PREFIX and META_PREFIX).
          String full = getFullCollectionNamespace(collectionName);
          MVMap<Object, Document> dataMap = mvStore.openMap("databases." + full);
          MVMap<String, Object> metaMap = mvStore.openMap("meta." + full);
          return new H2Collection(this, collectionName, options, dataMap, metaMap, cursorRegistry) {
            @Override
            public synchronized void addIndex(Index<Object> index) {
              super.addIndex(index);
            }

            @Override
            protected QueryResult queryDocuments(
                Document query, Document orderBy, int skip, int limit, int batchSize,
                Document fieldSelector) {
              List<Index<Object>> indexes = getIndexes();
              Iterable<Object> positions = narrowedPositions(indexes, query);
              if (positions != null) {
                return matchDocuments(query, positions, orderBy, skip, limit, batchSize, fieldSelector);
              }
              Set<Object> ids =
                  uniqueIndexAnswers(indexes, query)
                      ? null
                      : secondaryCandidates(indexes, query, orderBy, count());
              if (ids == null) {
                return super.queryDocuments(query, orderBy, skip, limit, batchSize, fieldSelector);
              }
              // Here a document's position is its _id. Without a sort, in the order a scan of the
              // data map returns them.
              List<Object> found = new ArrayList<>(ids);
              if (orderBy == null || orderBy.isEmpty()) found.sort(dataMap.getKeyType());
              List<Document> documents = new ArrayList<>(found.size());
              for (Object id : found) {
                Document document = dataMap.get(id);
                if (document != null) documents.add(document);
              }
              return matchDocumentsFromStream(
                  documents.stream(), query, orderBy, skip, limit, batchSize, fieldSelector);
            }
          };
        }
      };
    }
  }
}
