package io.github.zipjack.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in README.md and docs/*.md points to a file that exists, and every link to a
 * heading ({@code page.md#heading}, {@code #heading}) to a heading that the page has, as GitHub
 * makes its anchors. Links inside fenced code blocks and to web addresses are not checked.
 */
class DocLinksTest {

  /**
   * Pages other branches write (bench/tune, dictionaries, parallel compression), linked from the
   * README before they are merged: checked like any other once they exist.
   */
  private static final Set<Path> WRITTEN_ON_OTHER_BRANCHES =
      Set.of(Path.of("docs/tuning.md"), Path.of("docs/dictionaries.md"), Path.of("docs/parallel-compression.md"));

  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

  @Test
  void everyRelativeLinkInReadmeAndDocsResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : pages()) {
      for (String target : links(Files.readString(page, StandardCharsets.UTF_8))) {
        String problem = problem(page, target);
        if (problem != null) {
          broken.add(page + ": " + target + " (" + problem + ")");
        }
      }
    }
    assertTrue(broken.isEmpty(), "broken links:\n" + String.join("\n", broken));
  }

  @Test
  void anchorsAreMadeAsGitHubMakesThem() {
    assertEquals("java-25-and---enable-native-access", anchor("Java 25 and `--enable-native-access`"));
    assertEquals("http-the-filter-and-the-helper-against-jettys-compressionhandler",
        anchor("HTTP: the filter and the helper against Jetty's CompressionHandler"));
  }

  @Test
  void aMissingFileAndAMissingHeadingAreReported() {
    Path readme = Path.of("README.md");

    assertEquals("no such file", problem(readme, "docs/no-such-page.md"));
    assertEquals("no heading #no-such-heading", problem(readme, "docs/engines.md#no-such-heading"));
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
    try (Stream<Path> docs = Files.list(Path.of("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** The link targets of a Markdown page, outside fenced code blocks. */
  private static List<String> links(String markdown) {
    List<String> targets = new ArrayList<>();
    boolean inFence = false;
    for (String line : markdown.split("\n")) {
      if (line.strip().startsWith("```")) {
        inFence = !inFence;
        continue;
      }
      if (!inFence) {
        Matcher m = LINK.matcher(line);
        while (m.find()) {
          targets.add(m.group(1));
        }
      }
    }
    return targets;
  }

  /** What is wrong with a link from {@code page}, or null when it resolves or is not checked. */
  private static String problem(Path page, String target) {
    if (target.matches("[a-z]+:.*")) {
      return null;
    }
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    Path resolved = file.isEmpty() ? page : page.toAbsolutePath().getParent().resolve(file).normalize();
    Path relative = Path.of("").toAbsolutePath().relativize(resolved.toAbsolutePath());
    if (!Files.exists(resolved)) {
      return WRITTEN_ON_OTHER_BRANCHES.contains(relative) ? null : "no such file";
    }
    if (hash < 0 || !file.isEmpty() && !file.endsWith(".md")) {
      return null;
    }
    String wanted = target.substring(hash + 1);
    try {
      boolean found = Files.readString(resolved, StandardCharsets.UTF_8).lines()
          .filter(line -> line.startsWith("#"))
          .anyMatch(line -> anchor(line.replaceFirst("^#+\\s*", "")).equals(wanted));
      return found ? null : "no heading #" + wanted;
    } catch (IOException e) {
      return e.toString();
    }
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens. */
  private static String anchor(String heading) {
    return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }
}
