package io.wsqos.examples.bookstore;

import java.util.List;

/**
 * One style of writing for {@link TextGenerator}: whole-sentence templates, and fragments that it
 * composes into sentences as opener + subject + " " + predicate + closer + ".". Subjects are
 * singular so that any predicate fits; openers and closers may be empty strings.
 */
record Prose(
    List<String> templates,
    List<String> openers,
    List<String> subjects,
    List<String> predicates,
    List<String> closers) {

  Prose {
    templates = List.copyOf(templates);
    openers = List.copyOf(openers);
    subjects = List.copyOf(subjects);
    predicates = List.copyOf(predicates);
    closers = List.copyOf(closers);
    if (templates.isEmpty()) {
      throw new IllegalArgumentException("templates: [] (expected: at least one)");
    }
    if (!subjects.isEmpty() && (openers.isEmpty() || predicates.isEmpty() || closers.isEmpty())) {
      throw new IllegalArgumentException(
          "fragments: openers, predicates and closers must not be empty when subjects are given");
    }
  }

  /** A style made of whole-sentence templates only. */
  static Prose ofTemplates(List<String> templates) {
    return new Prose(templates, List.of(), List.of(), List.of(), List.of());
  }
}
