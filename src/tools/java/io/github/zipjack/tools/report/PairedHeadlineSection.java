package io.github.zipjack.tools.report;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The README's headline from bench/run's paired rounds: on x1 (people-100, JSON) at 1 thread, for each
 * JDK, each engine at its default level against the study's best measured in the same rounds, with the
 * ratio's 95% interval over the rounds and its verdict, and the study's best against a second copy of
 * itself (the A/A row, whose interval should contain 1). No JMH error appears.
 *
 * <p>Ends with {@link HeadlineSection#FIT_FOR_README} when every ratio's interval is within ±5% and the
 * A/A interval contains 1, else {@link HeadlineSection#UNFIT_PREFIX} and what failed; {@link ReadmeSections}
 * publishes only a fit one. Not thread-safe.
 */
final class PairedHeadlineSection {
  static final String VS_STUDY_BEST = "× study best";
  static final String INTERVAL = "95% interval";
  static final String READS_AS = "reads as";

  private final List<HeadlineRow> rows;
  private final LocalDate measuredOn;

  PairedHeadlineSection(List<HeadlineRow> rows, LocalDate measuredOn) {
    this.rows = List.copyOf(rows);
    this.measuredOn = measuredOn;
  }

  void appendTo(ReportDocument doc) {
    doc.heading(2, HeadlineSection.HEADING.substring(3));
    doc.paragraph("The study's best (PipelineBenchmark.studyBest: gzip level 1 through the JDK's zlib, Afterburner,"
        + " a 64 KB BufferedOutputStream and a 64 KB deflater buffer, made per call; see docs/benchmarks.md)"
        + " against zipjack's encodeToBody at each engine's default level, measured in paired rounds on the"
        + " same JDK (docs/benchmarks.md, \"Paired rounds\"): each round a fresh JVM measuring every"
        + " configuration in alternating turns; × study best is the geometric mean of the rounds' ratios,"
        + " with its 95% Student-t interval over the rounds. The A/A row is the study's best against a second"
        + " copy of itself: its interval should contain 1.");
    if (rows.stream().noneMatch(r -> r.kind() == HeadlineRow.Kind.ENGINE)) {
      doc.paragraph("No headline: no paired rounds were read (bench/run measures them).");
      doc.paragraph(HeadlineSection.UNFIT_PREFIX + "no headline figures.");
      return;
    }
    doc.paragraph(caption());
    doc.table(table());
    List<String> unfit = unfit();
    doc.paragraph(unfit.isEmpty() ? HeadlineSection.FIT_FOR_README
        : HeadlineSection.UNFIT_PREFIX + String.join("; ", unfit) + ".");
  }

  /** {@code people-100, JSON, 1 thread, paired rounds (5 to 7 per JDK), measured 2026-11-28 on JDK 17.0.13 and JDK 25.0.3:} */
  String caption() {
    Set<String> jdks = new LinkedHashSet<>();
    rows.forEach(r -> jdks.add(r.jdk()));
    int fewest = rows.stream().mapToInt(HeadlineRow::rounds).min().orElse(0);
    int most = rows.stream().mapToInt(HeadlineRow::rounds).max().orElse(0);
    String rounds = fewest == most ? Integer.toString(most) : fewest + " to " + most;
    return HeadlineSection.CAPTION_START + ", paired rounds (" + rounds + " per JDK), measured " + measuredOn
        + " on JDK " + String.join(" and JDK ", jdks) + ":";
  }

  MarkdownTable table() {
    MarkdownTable table = new MarkdownTable("JDK", EngineSection.CODEC, EngineSection.SCORE, VS_STUDY_BEST, INTERVAL,
        "rounds", READS_AS);
    for (HeadlineRow r : rows) {
      boolean reference = r.kind() == HeadlineRow.Kind.REFERENCE;
      table.addRow(r.jdk(), r.name(), Figures.opsPerSecond(r.opsPerSecond()), Figures.ratio(r.ratio()),
          reference ? MarkdownTable.NONE : String.format(Locale.ROOT, "[%.2f, %.2f]", r.low(), r.high()),
          Integer.toString(r.rounds()), reference ? "the reference" : r.verdict());
    }
    return table;
  }

  /** Why the README cannot take these rows, one entry per ratio; empty when it can. */
  List<String> unfit() {
    List<String> unfit = new ArrayList<>();
    for (HeadlineRow r : rows) {
      if (r.kind() == HeadlineRow.Kind.REFERENCE) {
        continue;
      }
      if (!r.settled()) {
        unfit.add(r.name() + " on JDK " + r.jdk() + " did not settle: " + r.unsettledNote());
      }
      if (r.kind() == HeadlineRow.Kind.A_A && !(r.low() <= 1 && r.high() >= 1)) {
        unfit.add(r.name() + " on JDK " + r.jdk() + ": the A/A interval " + String.format(Locale.ROOT,
            "[%.3f, %.3f]", r.low(), r.high()) + " leaves out 1, so the rounds are biased");
      }
    }
    return unfit;
  }
}
