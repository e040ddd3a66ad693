package io.github.zipjack.tools.report;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The figures a reader sees first, the README's headline: on the study's x1 (people-100, JSON) at 1
 * thread, for each JDK that measured them, the study's best at gzip level 1 and zipjack's
 * {@code encodeToBody} at each engine's default level, each with its score and JMH's error. They are
 * not divided: one fork each cannot settle a ratio.
 *
 * <p>These are JMH's figures, as bench/run --all measures them: the section always ends with
 * {@link #UNFIT_PREFIX}, since the README takes only paired rounds ({@link PairedHeadlineSection}, the
 * only writer of {@link #FIT_FOR_README}), and also names each figure with fewer than {@link #MIN_FORKS}
 * forks. Not thread-safe.
 */
final class HeadlineSection {

  static final String HEADING = "## Headline";
  /** The fewest forks per figure the README takes: one fork's compilation can shift a figure beyond its error. */
  static final int MIN_FORKS = 3;
  static final String FIT_FOR_README = "Fit for the README: from paired rounds, every ratio's 95% interval is"
      + " within ±5% and the A/A interval contains 1.";
  /** Why a table of JMH's figures never goes to the README. */
  static final String NOT_PAIRED = "JMH's figures and errors, not paired rounds (bench/run measures those)";
  static final String UNFIT_PREFIX = "Not fit for the README (it keeps its last fit headline): ";
  /** The first words of the table's caption, which the README copies with the table. */
  static final String CAPTION_START = Suite.STUDY_X1 + ", JSON, 1 thread";
  /** Each engine at its default level (the servlet filter's: gzip 1, zstd 1, brotli 4), and no compression. */
  static final List<String> CODECS = HeadlineRow.DEFAULT_CODECS;
  private static final String STUDY_BEST_ROW = "study best (" + Suite.STUDY_LEVEL_1 + ")";

  private final ResultSet results;
  private final PayloadSizes sizes;
  private final LocalDate measuredOn;
  private final MarkdownTable table = new MarkdownTable("JDK", EngineSection.CODEC, EngineSection.SCORE);
  /** Why the README cannot take this run's table, one entry per figure; empty when it can. */
  private final List<String> unfit = new ArrayList<>();
  private final Set<String> jdks = new LinkedHashSet<>();
  private int fewestForks = Integer.MAX_VALUE;

  /** @param measuredOn the day the figures were measured, which the caption gives */
  HeadlineSection(ResultSet results, PayloadSizes sizes, LocalDate measuredOn) {
    this.results = results;
    this.sizes = sizes;
    this.measuredOn = measuredOn;
    for (String jdk : jdkVersions()) {
      addRows(jdk);
    }
  }

  void appendTo(ReportDocument doc) {
    doc.heading(2, HEADING.substring(3));
    doc.paragraph("The study's best (PipelineBenchmark.studyBest, else SeedBenchmark's three optimizations: gzip"
        + " level 1 through the JDK's zlib, Afterburner, a 64 KB BufferedOutputStream and a 64 KB deflater buffer,"
        + " made per call; see docs/benchmarks.md)"
        + " and zipjack's encodeToBody at each engine's default level, on the same JDK, ± JMH's error. Not"
        + " divided: one fork each cannot settle a ratio; bench/run's paired rounds give the headline's.");
    if (table.isEmpty()) {
      doc.paragraph("No headline: the result files have no PipelineBenchmark.studyBest with codec=zlib-1 on "
          + Suite.STUDY_X1 + " at 1 thread beside encodeToBody (bench/run measures them).");
      doc.paragraph(UNFIT_PREFIX + "no headline figures.");
      return;
    }
    doc.paragraph(caption());
    doc.table(table);
    List<String> reasons = new ArrayList<>(List.of(NOT_PAIRED));
    reasons.addAll(unfit);
    doc.paragraph(UNFIT_PREFIX + String.join("; ", reasons) + ".");
  }

  MarkdownTable table() {
    return table;
  }

  /** {@code people-100, JSON, 1 thread, 3 forks per figure, measured 2026-11-26 on JDK 17.0.13 and JDK 25.0.3:} */
  String caption() {
    return CAPTION_START + ", " + fewestForks + (fewestForks == 1 ? " fork" : " forks") + " per figure, measured "
        + measuredOn + " on JDK " + String.join(" and JDK ", jdks) + ":";
  }

  /** The JDKs of the results, in the order of the files (bench/run measures JDK 17 first). */
  private Set<String> jdkVersions() {
    Set<String> versions = new LinkedHashSet<>();
    results.all().forEach(r -> versions.add(r.run().jdkVersion()));
    return versions;
  }

  private void addRows(String jdk) {
    ResultSet onJdk = new ResultSet(results.select(r -> r.run().jdkVersion().equals(jdk)), List.of());
    EngineResults engines = new EngineResults(onJdk, sizes);
    Workload x1 = new Workload(Suite.STUDY_X1, Suite.JSON, Suite.STUDY_LEVEL_1, 1);
    Optional<JmhResult> best = engines.studyBest(x1);
    List<JmhResult> measured = new ArrayList<>();
    for (String codec : CODECS) {
      engines.encode(x1.withCodec(codec)).ifPresent(measured::add);
    }
    if (best.isEmpty() || measured.isEmpty()) {
      return;
    }
    jdks.add(jdk);
    table.addRow(jdk, STUDY_BEST_ROW, score(best.get()));
    checkForks(STUDY_BEST_ROW, jdk, best.get());
    for (JmhResult engine : measured) {
      String codec = Workload.codecOf(engine);
      table.addRow(jdk, codec, score(engine));
      checkForks(codec, jdk, engine);
    }
  }

  private void checkForks(String figure, String jdk, JmhResult r) {
    int forks = r.run().forks();
    fewestForks = Math.min(fewestForks, forks);
    if (forks < MIN_FORKS) {
      unfit.add(figure + " on JDK " + jdk + ": " + forks + (forks == 1 ? " fork" : " forks") + " (" + MIN_FORKS
          + " needed)");
    }
  }

  private static String score(JmhResult r) {
    return Figures.withError(r.opsPerSecond(), r.errorOpsPerSecond());
  }
}
