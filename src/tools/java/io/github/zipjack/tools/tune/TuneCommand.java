package io.github.zipjack.tools.tune;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZstdDictionary;
import io.github.zipjack.servlet.HttpDictionary;
import io.github.zipjack.bench.PlainMappers;
import io.github.zipjack.bench.WithoutZipjack;
import io.github.zipjack.tools.compare.RatioEstimate;
import io.github.zipjack.tools.compare.SettingRounds;
import io.github.zipjack.tools.tune.SettingResult.Figure;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * bench/tune: which codec and level, for these bodies, on this machine, within this size, and what
 * to write to get it. Reads the samples ({@link Samples}), computes each setting's exact compressed
 * size, measures encoding and decoding with JMH ({@link TuneMeasurements}, {@link TuneBenchmark})
 * within the time budget, prints the ranked table, the Pareto front and the recommendation
 * ({@link TuneTable}), and writes {@code tune.md}, {@code tune.png} and JMH's log into the report
 * folder. With {@code --train-dictionary} it trains a zstd dictionary instead ({@link DictionaryTrainer}).
 *
 * <p>Exit status: 0 done, 1 a measurement failed, 2 bad options or samples (one message naming the
 * option, or the file and line).
 */
public final class TuneCommand {
  static final String NAME = "bench/tune";
  /** Median body size up to which zstd with a trained dictionary is measured too, bytes. */
  static final int SMALL_BODY_BYTES = 8 * 1024;
  /** Kept back from the budget for sizing, the table and the chart. */
  static final Duration REPORT_RESERVE = Duration.ofSeconds(2);
  static final String TABLE_FILE = "tune.md";
  static final String DICTIONARY_FILE = "tune.dict";
  static final String SAMPLES_FILE = "samples.jsonl";

  private final PrintStream out;
  private final long startNanos = System.nanoTime();

  private TuneCommand(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs bench/tune; returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    TuneOptions options;
    try {
      options = TuneOptions.parse(args);
      if (options.help()) {
        out.println(TuneOptions.USAGE);
        return 0;
      }
      return new TuneCommand(out).run(options);
    } catch (BadInputException e) {
      err.println(NAME + ": " + e.getMessage());
      if (e.showUsage()) {
        err.println(TuneOptions.USAGE);
      }
      return 2;
    } catch (MeasurementException e) {
      err.println(NAME + ": " + e.getMessage());
      return 1;
    } catch (IOException e) {
      err.println(NAME + ": " + e);
      return 1;
    }
  }

  private int run(TuneOptions options) throws BadInputException, IOException, MeasurementException {
    List<byte[]> bodies = new ArrayList<>();
    Samples samples;
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      samples = Samples.read(options.samples(), options.report(), plain.mapperCopy());
      for (JsonNode value : samples.values()) {
        bodies.add(plain.encode(value));
      }
      out.println(NAME + ": " + describe(samples, bodies));
      if (options.trainDictionary() != null) {
        trainDictionary(options.trainDictionary(), options.httpDictionary(), bodies);
        return 0;
      }
      Files.createDirectories(options.report());
      samples.writeJsonLines(options.report().resolve(SAMPLES_FILE), plain.mapperCopy());
    }
    return measure(options, samples, bodies);
  }

  private int measure(TuneOptions options, Samples samples, List<byte[]> bodies)
      throws BadInputException, IOException, MeasurementException {
    Path report = options.report();
    Path dictionary = null;
    if (median(bodies) <= SMALL_BODY_BYTES
        && bodies.size() >= DictionaryTrainer.MIN_BODIES) {
      DictionaryTrainer.Trained trained = DictionaryTrainer.train(bodies);
      dictionary = report.resolve(DICTIONARY_FILE);
      Files.write(dictionary, trained.dictionary());
      out.println(NAME + ": small bodies: zstd-1+dict uses a dictionary trained on 4 bodies in 5 ("
          + String.format(Locale.ROOT, "%,d", trained.dictionary().length) + " bytes, ID " + trained.id() + ", " + dictionary
          + "); its size is measured on the fifth");
    }
    List<Setting> settings = new ArrayList<>();
    Map<Setting, Double> sizes = new HashMap<>();
    for (Setting s : Setting.defaults(dictionary != null)) {
      try {
        sizes.put(s, sizePercent(s, samples.values(), bodies, dictionary));
        settings.add(s);
      } catch (IllegalStateException e) { // an engine whose library cannot load on this platform
        out.println(NAME + ": " + s + " left out: " + e.getMessage());
      }
    }
    int cores = Runtime.getRuntime().availableProcessors();
    long threshold = Pipeline.DEFAULT_PARALLEL_THRESHOLD_BYTES;
    int largeCount = (int) bodies.stream().filter(b -> b.length > threshold).count();
    List<Setting> latencySettings = largeBodySettings(settings, cores, largeCount, threshold);
    TuneMeasurements measurements = TuneMeasurements.plan(settings, cores, latencySettings,
        report.resolve(SAMPLES_FILE), dictionary);
    Duration used = Duration.ofNanos(System.nanoTime() - startNanos);
    Duration left = options.time().minus(used).minus(REPORT_RESERVE);
    Duration runoffTime = SpeedRunoff.timeFrom(options.time());
    Timing timing;
    try {
      timing = Timing.fit(left.minus(runoffTime), used, measurements.count(), options.inProcess(), options.timeText());
    } catch (BadInputException tooShortWithRunoff) {
      runoffTime = Duration.ZERO;
      timing = Timing.fit(left, used, measurements.count(), options.inProcess(), options.timeText());
    }
    Path log = report.resolve("jmh.log");
    out.println(NAME + ": Java " + Runtime.version() + " (" + System.getProperty("java.home") + "), " + cores
        + " cores; " + measurements.count() + " measurements, " + timing + "; JMH's log: " + log
        + (runoffTime.isZero() ? "" : "; then up to " + runoffTime.toSeconds() + " s of paired rounds among the"
            + " fastest"));
    double megabytesPerBody = bodies.stream().mapToLong(b -> b.length).sum() / (double) bodies.size() / 1e6;
    long end = startNanos + options.time().minus(REPORT_RESERVE).toNanos();
    Map<String, Figure> figures = measurements.run(timing, end - runoffTime.toNanos(), log, megabytesPerBody, out);

    List<SettingResult> results = new ArrayList<>();
    for (Setting s : settings) {
      results.add(new SettingResult(s, sizes.get(s), figures.get(TuneMeasurements.key("encode", s, 1)),
          figures.get(TuneMeasurements.key("encode", s, cores)), figures.get(TuneMeasurements.key("decode", s, 1)),
          figures.get(TuneMeasurements.key("decode", s, cores))));
    }
    TuneTable table = new TuneTable(results, cores, options.maxSizePercent(),
        dictionary == null ? null : dictionary.toString());
    if (!runoffTime.isZero()) {
      table = runoff(table, dictionary, report, Duration.ofNanos(end - System.nanoTime()));
    } else {
      out.println(NAME + ": the fastest settings are ranked by JMH alone: paired rounds among them need a budget"
          + " of at least " + (long) Math.ceil(SpeedRunoff.MIN_TIME.toSeconds() / SpeedRunoff.SHARE_OF_BUDGET) + " s");
    }
    List<LargeBodies.Latency> latencies = new ArrayList<>();
    for (Setting s : latencySettings) {
      latencies.add(new LargeBodies.Latency(s, figures.get(TuneMeasurements.latencyKey(s, true)),
          figures.get(TuneMeasurements.latencyKey(s, false))));
    }
    report(table, new LargeBodies(largeCount, threshold, cores, latencies), options, samples, bodies, timing,
        dictionary);
    return 0;
  }

  /**
   * Measures the settings closest to the fastest against it in paired rounds ({@link SpeedRunoff}) and
   * returns the table with the choice they make; the table as it is when none is close or too little
   * time is left.
   */
  private TuneTable runoff(TuneTable table, Path dictionary, Path report, Duration time) throws IOException {
    Optional<SettingResult> leader = table.recommended();
    if (leader.isEmpty()) {
      return table;
    }
    List<SettingResult> contenders = SpeedRunoff.contenders(leader.get(), table.eligible());
    if (contenders.isEmpty()) {
      out.println(NAME + ": no other setting comes within " + Math.round(100 * (1 - SpeedRunoff.CLOSE)) + "% of "
          + leader.get().setting() + "'s speed: no paired rounds needed");
      return table;
    }
    if (time.compareTo(SpeedRunoff.MIN_TIME.dividedBy(2)) < 0) {
      out.println(NAME + ": the measurements overran the budget: " + contenders.size() + " close setting(s) not"
          + " checked in paired rounds");
      return table;
    }
    Map<String, Path> dictionaries = new HashMap<>();
    for (SettingResult r : SpeedRunoff.measured(leader.get(), contenders)) {
      if (r.setting().dictionary()) {
        dictionaries.put(r.setting().name(), dictionary);
      }
    }
    out.println(NAME + ": " + contenders.stream().map(r -> r.setting().toString()).toList() + " within "
        + Math.round(100 * (1 - SpeedRunoff.CLOSE)) + "% of " + leader.get().setting() + " by JMH: paired rounds for up"
        + " to " + time.toSeconds() + " s, a fresh JVM per setting each round");
    Map<String, RatioEstimate> byName = SettingRounds.against(leader.get().setting().name(),
        contenders.stream().map(r -> r.setting().name()).toList(), dictionaries, report.resolve(SAMPLES_FILE), time,
        report.resolve("rounds.log"), line -> out.println(NAME + ": " + line));
    Map<SettingResult, RatioEstimate> estimates = new LinkedHashMap<>();
    contenders.forEach(r -> estimates.put(r, byName.get(r.setting().name())));
    return table.withRunoff(SpeedRunoff.decide(leader.get(), estimates));
  }

  /** The settings whose large-body latency is measured; none, said in one line, when it cannot be. */
  private List<Setting> largeBodySettings(List<Setting> settings, int cores, int largeCount, long threshold) {
    String none = NAME + ": compressionThreads: ";
    if (largeCount == 0) {
      out.println(none + "no body is over the parallel threshold (" + String.format(Locale.ROOT, "%,d", threshold)
          + " bytes), so every body is compressed serially; its latency is not measured");
      return List.of();
    }
    if (cores == 1) {
      out.println(none + "1 core, where the default is 1 (serial); its latency is not measured");
      return List.of();
    }
    List<Setting> parallel = LargeBodies.settings(settings);
    out.println(String.format(Locale.ROOT, "%s%,d bodies over %,d bytes: their latency is measured serial and with"
        + " compressionThreads=%d for %s", none, largeCount, threshold, cores, parallel));
    return parallel;
  }

  private void report(TuneTable table, LargeBodies large, TuneOptions options, Samples samples, List<byte[]> bodies,
      Timing timing, Path dictionary) throws IOException {
    String markdown = table.markdown();
    String front = "Pareto front (no zipjack setting both faster and smaller): "
        + String.join(", ", table.front().stream().map(r -> r.setting().toString()).toList());
    List<String> recommendation = new ArrayList<>(table.recommendationLines());
    table.recommended().flatMap(r -> large.advice(r.setting())).ifPresent(recommendation::add);
    String largeSection = large.latencies().isEmpty() ? "" : large.heading() + "\n\n" + large.markdown();
    out.println();
    out.print(markdown);
    if (!largeSection.isEmpty()) {
      out.println();
      out.print(largeSection);
    }
    out.println();
    out.println(front);
    recommendation.forEach(out::println);

    Path report = options.report();
    String chartNote;
    try {
      Path chart = TuneChart.write(table, "Encoding throughput against size: " + samples.values().size()
          + " bodies, mean " + String.format(Locale.ROOT, "%,d", mean(bodies)) + " bytes", report);
      chartNote = "![throughput against size](" + TuneChart.FILE + ")";
      out.println(NAME + ": wrote " + report.resolve(TABLE_FILE) + " and " + chart);
    } catch (RuntimeException | LinkageError | InternalError e) {
      // No fonts on a bare server: the table is still worth having.
      chartNote = "Chart not drawn: " + e;
      out.println(NAME + ": wrote " + report.resolve(TABLE_FILE) + "; " + chartNote);
    }
    StringBuilder md = new StringBuilder("# bench/tune\n\n");
    md.append(describe(samples, bodies)).append(".\n\n");
    md.append("Java ").append(Runtime.version()).append(", ").append(Runtime.getRuntime().availableProcessors())
        .append(" cores; ").append(timing).append(". Throughput in MB/s of JSON (10^6 bytes a second) ± JMH's")
        .append(" error (99.9%); sizes exact, summed over all bodies");
    if (dictionary != null) {
      md.append(" (zstd-1+dict: over the held-out fifth, which its dictionary was not trained on)");
    }
    md.append(".\n\n").append(markdown).append('\n');
    if (!largeSection.isEmpty()) {
      md.append(largeSection).append("\nLatency: the mean time to serialize and compress one of these bodies, a"
          + " single caller thread, compressionThreads(1) against zipjack's default.\n\n");
    }
    md.append(front).append("\n\n```\n");
    recommendation.forEach(line -> md.append(line).append('\n'));
    md.append("```\n\n").append(chartNote).append('\n');
    Files.writeString(report.resolve(TABLE_FILE), md, StandardCharsets.UTF_8);
  }

  /** The bodies' compressed size, % of their JSON; zstd-1+dict over the held-out bodies only. */
  private static double sizePercent(Setting s, List<JsonNode> values, List<byte[]> bodies, Path dictionary)
      throws IOException {
    long raw = 0;
    long compressed = 0;
    try (Pipeline pipeline = TunePipelines.build(s, dictionary)) {
      var mapper = PlainMappers.json();
      for (int i = 0; i < values.size(); i++) {
        if (s.dictionary() && !DictionaryTrainer.heldOut(i)) {
          continue;
        }
        raw += bodies.get(i).length;
        compressed += s.study()
            ? WithoutZipjack.studyGzip(mapper, values.get(i), s.codec().level(), false, false).length
            : pipeline.encode(values.get(i)).length;
      }
    }
    return 100.0 * compressed / raw;
  }

  private void trainDictionary(Path file, boolean http, List<byte[]> bodies) throws BadInputException, IOException {
    DictionaryTrainer.Trained t = DictionaryTrainer.train(bodies);
    out.println(NAME + ": trained on " + t.trainingBodies() + " bodies (" + String.format(Locale.ROOT, "%,d", t.trainingBytes())
        + " bytes); " + t.heldOutBodies() + " held out (every fifth, " + String.format(Locale.ROOT, "%,d", t.heldOutRawBytes())
        + " bytes) measure each size at zstd level 1:");
    out.println(String.format(Locale.ROOT, "  %-22s %,9d bytes  %5.1f%% of the JSON", "no dictionary",
        t.heldOutPlainBytes(), 100.0 * t.heldOutPlainBytes() / t.heldOutRawBytes()));
    for (DictionaryTrainer.Candidate c : t.candidates()) {
      String name = "dictionary " + String.format(Locale.ROOT, "%,d", c.dictionaryBytes()) + " B";
      if (c.dictionary() == null) {
        out.println(String.format(Locale.ROOT, "  %-22s zstd could not train: %s", name, c.failure()));
      } else {
        out.println(String.format(Locale.ROOT, "  %-22s %,9d bytes  %5.1f%% of the JSON%s", name, c.heldOutBytes(),
            100.0 * c.heldOutBytes() / t.heldOutRawBytes(), c.dictionary() == t.dictionary() ? "  <- chosen" : ""));
      }
    }
    out.println("  (sizes up to a tenth of the training bytes, zstd's default 110 KiB at most; the smallest"
        + " within 1% of the best held-out size is chosen)");
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    if (http) {
      writeHttpDictionary(file, t, bodies);
      return;
    }
    ZstdDictionary.of(t.dictionary()); // zipjack takes it: zstd's format, a nonzero ID
    Files.write(file, t.dictionary());
    double ratio = (double) t.heldOutDictionaryBytes() / t.heldOutPlainBytes();
    out.println(String.format(Locale.ROOT, "%s: wrote %s: zstd dictionary ID %d, %,d bytes", NAME, file, t.id(),
        t.dictionary().length));
    out.println(String.format(Locale.ROOT, "%s: held-out bodies at zstd level 1: %.1f%% of the JSON with it,"
        + " %.1f%% without: %.2fx the size (%.1f%% smaller)", NAME, 100.0 * t.heldOutDictionaryBytes() / t.heldOutRawBytes(),
        100.0 * t.heldOutPlainBytes() / t.heldOutRawBytes(), ratio, 100 * (1 - ratio)));
    out.println(NAME + ": use it with Compression.zstd(1, ZstdDictionary.read(Path.of(\"" + file
        + "\"))), or zstd -D " + file + " (not for HTTP: no browser has your dictionary)");
  }

  /**
   * Writes the HTTP form of the trained dictionary: its content part, raw bytes as RFC 9842 clients
   * hash and use them, and says so, with the held-out sizes it gives (raw content has no entropy
   * tables, so they differ a little from the trained file's).
   */
  private void writeHttpDictionary(Path file, DictionaryTrainer.Trained t, List<byte[]> bodies) throws IOException {
    byte[] raw = HttpDictionary.rawContent(t.dictionary());
    Files.write(file, raw);
    HttpDictionary http = HttpDictionary.builder(raw).match("/*").build();
    List<byte[]> heldOut = new java.util.ArrayList<>();
    for (int i = 0; i < bodies.size(); i++) {
      if (DictionaryTrainer.heldOut(i)) {
        heldOut.add(bodies.get(i));
      }
    }
    long rawBytes = DictionaryTrainer.compressedBytes(heldOut, raw);
    double ratio = (double) rawBytes / t.heldOutPlainBytes();
    out.println(String.format(Locale.ROOT, "%s: wrote %s: HTTP dictionary (RFC 9842 raw content: the content part of"
        + " the trained zstd dictionary ID %d, without its %,d bytes of header), %,d bytes", NAME, file, t.id(),
        t.dictionary().length - raw.length, raw.length));
    out.println(NAME + ": clients that hold it send Available-Dictionary: " + http.availableDictionary());
    out.println(String.format(Locale.ROOT, "%s: held-out bodies at zstd level 1 with it as raw content: %.1f%% of the"
        + " JSON, %.1f%% without: %.2fx the size (%.1f%% smaller; dcz adds 40 bytes of header to each)", NAME,
        100.0 * rawBytes / t.heldOutRawBytes(), 100.0 * t.heldOutPlainBytes() / t.heldOutRawBytes(), ratio,
        100 * (1 - ratio)));
    out.println(NAME + ": serve it with HttpDictionary.builder(Path.of(\"" + file + "\")).match(\"/api/*\").build() in"
        + " CompressionSettings.Builder.dictionaries(...), or zipjack.compression.dictionaries[0].location=file:" + file
        + " and .match=/api/* (dcz, docs/dictionaries.md); zstd -D " + file + " decodes its frames after the 40-byte"
        + " header");
  }

  private static String describe(Samples samples, List<byte[]> bodies) {
    long total = bodies.stream().mapToLong(b -> b.length).sum();
    long largest = bodies.stream().mapToLong(b -> b.length).max().orElse(0);
    return String.format(Locale.ROOT, "%,d bodies from %,d file%s, %,d bytes of JSON (mean %,d, median %,d, largest %,d)",
        bodies.size(), samples.fileCount(), samples.fileCount() == 1 ? "" : "s", total, mean(bodies), median(bodies),
        largest);
  }

  private static long mean(List<byte[]> bodies) {
    return bodies.stream().mapToLong(b -> b.length).sum() / bodies.size();
  }

  private static long median(List<byte[]> bodies) {
    long[] sizes = bodies.stream().mapToLong(b -> b.length).sorted().toArray();
    return sizes[sizes.length / 2];
  }
}
