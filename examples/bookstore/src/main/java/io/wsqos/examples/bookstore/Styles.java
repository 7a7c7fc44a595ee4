package io.wsqos.examples.bookstore;

import java.util.ArrayList;
import java.util.List;

/** The writing styles of the catalogue: blurbs, reviews, author notes, hints. */
final class Styles {

  private static final int RICH_WEIGHT = 6;

  private static final List<String> NOVEL_TEMPLATES =
      List.of(
          "In {era}, {a:adj} {profession} named {hero} arrives at {a:adj} {place} near {city}.",
          "When {a:object} turns up in the cellar of {a:adj} {place}, {hero} is drawn into"
              + " {secret}.",
          "{hero} has spent twenty years running from {secret}, but a visit from {a:relative}"
              + " changes everything.",
          "Set against the backdrop of {region} in {era}, this is a novel about {theme}, {theme}"
              + " and the price of {theme}.",
          "As the {adj} winter closes in, {hero} must decide whom to trust and what to leave"
              + " behind.",
          "{author} writes with {quality} precision about {theme} and the stories families tell"
              + " themselves.",
          "Part mystery and part love story, it follows {hero} from {city} to {region} and back"
              + " again.",
          "Drawing on years of research in {city}, {author} brings {era} vividly to life.",
          "Among the {adj} streets of {city}, {a:object} that should not exist points to {secret}.",
          "{hero} and {a:adj} {profession} form an unlikely alliance that neither of them can"
              + " afford to break.",
          "Told in alternating chapters by {hero} and {a:relative}, the story moves between {city}"
              + " and {region}.",
          "What begins as a search for a missing {object} becomes a reckoning with {theme}.",
          "It is {a:quality} portrait of a {adj} community and of the secrets it keeps.",
          "Critics have called it {quality}, {quality} and impossible to forget.",
          "By the time the {adj} truth about {secret} comes out, nobody in the {place} will be"
              + " the same.");

  private static final List<String> NONFICTION_TEMPLATES =
      List.of(
          "{a:quality} introduction to {topic}, written for curious readers and practitioners"
              + " alike.",
          "{author} explains {topic} through stories, worked examples and {adj} anecdotes from"
              + " {city}.",
          "Each chapter ends with exercises, further reading and a short summary of the key ideas.",
          "Drawing on twenty years of work in {city}, {author} shows how {topic} shapes everyday"
              + " decisions.",
          "The book connects {topic} with {topic} in ways that are {quality} and often surprising.",
          "Along the way we meet {a:profession} in {city}, {a:profession} in {region} and"
              + " {a:adj} {profession} who changed the field.",
          "Clear diagrams and {adj} case studies make difficult material approachable.",
          "It is {a:quality} guide that rewards a second reading.",
          "This revised edition adds new chapters on {topic} and updated references throughout.",
          "Readers who want to understand {theme} and {theme} will find much to think about here.");

  private static final List<String> REVIEW_TEMPLATES =
      List.of(
          "I {praise} this book during {occasion}.",
          "I thought {part} was {quality}, and {part} stayed with me for days.",
          "{hero} is one of the most {adj} characters I have met in years.",
          "My only complaint is that {part} felt {quality}.",
          "Bought it for {occasion} on the strength of the reviews and was not disappointed.",
          "It is a book about {theme} and {theme}, and it never feels preachy.",
          "Having lived in {city} for ten years, I found the setting wonderfully convincing.",
          "I have read everything by {author} and this may be the best yet.",
          "Recommended to anyone who enjoys {kind} with real depth.",
          "My {relative} gave me a copy and I have since bought three more for friends.",
          "The writing is {quality} without ever showing off.",
          "Our book club argued about {part} for two hours, which says a lot.",
          "I read it slowly, a chapter a night, and {praise} every page.",
          "Compared with the author's earlier books it is more {adj} and more {quality}.",
          "Some readers may find {part} {quality}, but it is worth persevering.",
          "The edition itself is lovely: good paper, a clear typeface and a useful map.",
          "I would give it six stars if I could.",
          "If you liked {other}, you will find the same {adj} charm here.");

  private static final List<String> AUTHOR_TEMPLATES =
      List.of(
          "{author} was born in {city} and worked as {a:profession} before turning to writing.",
          "{author} studied in {city} and spent several years in {region}.",
          "Their books have been translated into more than twenty languages.",
          "{author} has won several prizes, including an award for {kind} in {city}.",
          "{author} now lives in {region} with a family, two dogs and too many books.",
          "When not writing, {author} teaches creative writing and restores old {object}s.");

  private static final List<String> BLURB_CLOSERS =
      List.of(
          "",
          "",
          "",
          "",
          "",
          ", under {a:adj} {noun}",
          " beside the {adj} {noun}",
          ", far from the {noun} of home",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          " in {month} {year}",
          " near the {noun}",
          " in the {adj} {noun} of {city}",
          ", and nothing will ever be the same",
          " before it is too late",
          ", with consequences nobody could foresee",
          " as the storm gathers over {city}",
          " while the rest of {city} looks away",
          " during the {adj} weeks that follow",
          ", whatever it costs",
          " in a world that is changing faster than anyone admits",
          ", one {adj} chapter at a time",
          " until the very last page");

  /** The publisher's blurb for a novel. */
  static final Prose NOVEL =
      new Prose(
          NOVEL_TEMPLATES,
          List.of(
              "",
              "",
              "",
              "",
              "In {era}, ",
              "In the {adj} {month} of {year}, ",
              "By {year}, ",
              "{n} years after the {noun}, ",
              "When the {noun} reaches {city}, ",
              "",
              "",
              "",
              "",
              "Years later, ",
              "Meanwhile, ",
              "Far from home, ",
              "In {city}, ",
              "Against all odds, ",
              "Slowly, ",
              "Soon, ",
              "At the {adj} {place}, ",
              "One {adj} morning, ",
              "Back in {region}, ",
              "After the funeral, ",
              "On the night of the festival, ",
              "Within a week, ",
              "Ever since childhood, "),
          List.of(
              "{hero}",
              "{hero}",
              "{a:adj} {profession}",
              "the {relative} of {hero}",
              "{a:adj} stranger from {city}",
              "the whole village",
              "the family",
              "nobody in the {place}",
              "{hero}'s {relative}",
              "the old {profession}",
              "a friend from the {place}",
              "the {adj} {profession} next door",
              "each of them"),
          weighted(
              List.of(
                  "{verb} {a:adj} {profession} beside the {adj} {noun}",
                  "carries {a:adj} {noun} from {city} to the {noun}",
                  "sells the {adj} {noun} to {a:adj} {profession}",
                  "sleeps in the {noun} above the {adj} {place}",
                  "paints the {adj} {noun} and the {noun} behind it",
                  "meets {a:adj} {profession} at the {noun} in {month} {year}"),
              List.of(
                  "{verb} {a:adj} {profession} in the {noun} of {year}",
                  "remembers a {adj} {month} in {city} when everything went wrong",
                  "spends {n} years searching for the {object} that was lost in {year}",
                  "{verb} the {relative} who once {verb} {hero}",
                  "arrives in {city} in the {adj} {month} of {year}",
                  "takes over the {adj} {place} after the {noun}",
                  "hides {a:object} in the {noun} behind the {place}",
                  "trades a {noun} for a {adj} {noun}",
                  "walks from the {noun} to the {adj} {noun} every night",
                  "builds a {noun} out of an old {noun}",
                  "finds a {adj} {noun} under the {noun}",
                  "guards the {adj} {noun} of the {place}",
                  "uncovers {secret}",
                  "must confront {secret}",
                  "returns to the {adj} {place} where it all began",
                  "discovers {a:object} hidden beneath the floorboards",
                  "begins to question everything",
                  "inherits {a:adj} {place} and all of its debts",
                  "sets out for {region}",
                  "finds {a:object} that changes everything",
                  "refuses to let go of the past",
                  "is forced to choose between {theme} and {theme}",
                  "keeps a secret that could ruin them all",
                  "learns the true cost of {theme}",
                  "falls for {a:adj} {profession}",
                  "is haunted by memories of {era}",
                  "writes letters that are never sent",
                  "takes a job at the {adj} {place}",
                  "hears rumours of {secret}",
                  "tries to rebuild a life in {city}",
                  "follows a trail of clues across {region}",
                  "finally understands what {theme} means",
                  "burns {a:object} that should have been kept",
                  "starts to remember what really happened in {city}",
                  "lies to protect the {relative}",
                  "slips away on the last train to {city}")),
          BLURB_CLOSERS);

  /** The publisher's blurb for a non-fiction book. */
  static final Prose NONFICTION =
      new Prose(
          NONFICTION_TEMPLATES,
          List.of(
              "",
              "",
              "",
              "",
              "In clear and lively prose, ",
              "Chapter by chapter, ",
              "With humour and rigour, ",
              "Drawing on interviews in {city}, ",
              "Using examples from {region}, ",
              "For the first time, ",
              "Without jargon, ",
              "Beyond the usual clichés, ",
              "In the second part, ",
              "Step by step, "),
          List.of(
              "{author}",
              "the book",
              "this edition",
              "the final chapter",
              "each case study",
              "the opening section",
              "the appendix on {topic}",
              "every worked example",
              "the companion website"),
          weighted(
              List.of(
                  "treats the {adj} {noun} as a case study in {topic}",
                  "follows a {noun} from {city} to {region} to explain {topic}",
                  "measures the {noun} of {year} against the {adj} {noun} of today"),
              List.of(
                  "looks at {topic} through {n} short case studies from {city}",
                  "follows {a:adj} {profession} through the {noun} of {year}",
                  "compares {topic} in {city} and {region} since {year}",
                  "draws {n} lessons from the {adj} {noun} of {year}",
                  "uses the {noun} and the {noun} as running examples",
                  "compares {topic} to a {adj} {noun}",
                  "explains how {topic} really works",
                  "traces the history of {topic} from {city} to {region}",
                  "shows why {topic} matters for {theme}",
                  "challenges common myths about {topic}",
                  "offers practical advice for beginners and experts",
                  "connects {topic} with {topic}",
                  "revisits the {adj} debates of {era}",
                  "introduces the tools professionals use every day",
                  "tells the story of {a:profession} in {city}",
                  "asks what {theme} means in an age of {topic}",
                  "brings together twenty years of research",
                  "is {quality} and {quality}",
                  "sets out a plan anyone can follow",
                  "includes checklists, diagrams and further reading")),
          BLURB_CLOSERS);

  private static final List<String> REVIEW_OPENERS =
      List.of(
          "",
          "",
          "",
          "",
          "",
          "",
          "Back in {month}, ",
          "At {n} pages a night, ",
          "Since moving to {city}, ",
          "As a {profession} myself, ",
          "Having read it twice since {month}, ",
          "When it arrived in {month}, ",
          "Unlike the {adj} reviews suggest, ",
          "Read on holiday in {city}, ",
          "As someone who grew up near {city}, ",
          "On a {adj} evening in {month}, ",
          "",
          "",
          "",
          "",
          "",
          "",
          "Honestly, ",
          "From the very first page, ",
          "To be fair, ",
          "Without giving too much away, ",
          "On balance, ",
          "As a longtime reader of {kind}, ",
          "Three chapters in, ",
          "By the halfway point, ",
          "Against my expectations, ",
          "For what it is worth, ",
          "After a slow start, ",
          "Reading it a second time, ",
          "Like many readers here, ",
          "In my opinion, ",
          "Above all, ",
          "Surprisingly, ",
          "Even so, ",
          "I have to say that ",
          "My partner thinks ",
          "My daughter insists ",
          "Our reading group agreed that ",
          "The newspaper review was right: ");

  private static final List<String> REVIEW_CLOSERS =
      List.of(
          "",
          "",
          "",
          "",
          "",
          "",
          ", just as it did for my {relative}",
          " more than any book since {year}",
          " for {n} chapters in a row",
          " like the {adj} {noun} it describes",
          ", as the {adj} reviews promised",
          ", like {a:adj} {noun} in the {noun}",
          " with {a:adj} {noun} at its heart",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          " in {month}",
          " on a {adj} {noun}",
          " and I cannot wait for the next one",
          ", which is rare these days",
          ", even if the ending divides readers",
          ", at least for me",
          " in a way I did not expect",
          ", so do not give up early",
          " from beginning to end",
          ", although others may disagree",
          " and I have already recommended it twice",
          " despite a few clumsy sentences",
          ", as my {relative} pointed out",
          " during {occasion}");

  /** A user review of a novel. */
  static final Prose REVIEW =
      new Prose(
          REVIEW_TEMPLATES,
          REVIEW_OPENERS,
          List.of(
              "the {adj} {place}",
              "the chapter set in {city}",
              "the {noun} scene",
              "the {relative}",
              "the subplot about {a:object}",
              "the flashback to {year}",
              "the {adj} {profession}",
              "the description of the {noun}",
              "the audiobook version",
              "the portrait of {era}",
              "the prose",
              "the plot",
              "the central mystery",
              "{hero}",
              "{hero}",
              "the friendship between {hero} and the {relative}",
              "the portrait of {city}",
              "the sense of place",
              "every minor character",
              "the structure",
              "the final chapter",
              "the twist in part two",
              "the research behind it",
              "the dialogue",
              "the pacing of the middle section",
              "the landscape of {region}",
              "the villain",
              "the love story",
              "the humour",
              "the sadness underneath it all",
              "the author's voice",
              "the cover",
              "the moral dilemma at its heart",
              "{author}'s eye for detail",
              "the way it handles {theme}",
              "the theme of {theme}",
              "the ending"),
          weighted(
              List.of(
                  "made the {adj} {noun} in chapter {n} feel like home",
                  "describes the {noun} and the {adj} {noun} so well I could smell them",
                  "has {a:adj} {profession} and {a:adj} {noun} I keep thinking about",
                  "turned my {month} in {city} into {a:adj} {noun}",
                  "gives the {adj} {noun} of {year} {a:adj} new life"),
              List.of(
                  "reminded me of a {adj} {noun} I knew as a child in {city}",
                  "took me {n} days to finish and I regret none of them",
                  "captures the {adj} mood of {era} better than any history book",
                  "made me phone my {relative} for the first time in {n} months",
                  "has the texture of a {adj} {noun} on a {adj} afternoon",
                  "{verb} its characters with unusual honesty",
                  "reads like a letter from {a:adj} {profession}",
                  "smells of the {adj} {place} on every page",
                  "treats {theme} and {theme} with equal seriousness",
                  "caught me off guard in chapter {n}",
                  "gave me a new respect for {a:profession}",
                  "is the best thing I have read since {month}",
                  "made my {month} commute fly by",
                  "has {n} pages too many, but I forgave it",
                  "sent me back to the {adj} {place} where I grew up",
                  "is {quality} in a way few {kind} books manage",
                  "outshines anything else {author} has written",
                  "reminded me of {a:adj} {noun} in {region}",
                  "felt {quality} at first and {quality} by the end",
                  "deserves {n} more pages, not fewer",
                  "made me look up the history of {city} in {year}",
                  "kept me company through a {adj} {month}",
                  "is set in a {place} I could draw from memory now",
                  "made the {noun} of {year} feel close and real",
                  "owes something to the {adj} novels of {era}",
                  "would make {a:adj} film",
                  "is the reason I bought {n} copies as presents",
                  "wobbles a little around page {n}",
                  "paints the {noun} and the {noun} with {adj} care",
                  "is full of {adj} details like the {noun} by the {noun}",
                  "turns a {adj} {noun} into something {quality}",
                  "lingers on the {adj} {noun} and the {adj} {noun}",
                  "has one scene with a {noun} and a {noun} that I will never forget",
                  "kept me guessing until the end",
                  "felt a little rushed",
                  "moved me to tears more than once",
                  "reminded me of long summers at my grandmother's house",
                  "lingers long after the last page",
                  "builds slowly but rewards patience",
                  "is worth the price of the book alone",
                  "could have been trimmed by fifty pages",
                  "made me laugh out loud on the bus",
                  "is handled with real sensitivity",
                  "never quite convinced me",
                  "is as {quality} as anything I have read this year",
                  "sent me straight to an atlas",
                  "made me want to visit {city}",
                  "works better than it has any right to",
                  "feels completely authentic",
                  "is drawn with great tenderness",
                  "surprised me in the best way",
                  "drags in places",
                  "carries the whole novel",
                  "was the highlight for me",
                  "deserves a wider audience",
                  "is genuinely {quality}",
                  "is {quality} and {quality}",
                  "echoes the best of the classics",
                  "stays just the right side of sentimental",
                  "kept me reading well past midnight",
                  "left me with a lot to think about",
                  "is subtle rather than showy",
                  "rings true on every page",
                  "shows real craft",
                  "put me in mind of {other}",
                  "reminded me why I love {kind}")),
          REVIEW_CLOSERS);

  /** A user review of a non-fiction book. */
  static final Prose NONFICTION_REVIEW =
      new Prose(
          List.of(
              "I {praise} this book during {occasion}.",
              "Bought it for {occasion} on the strength of the reviews and was not disappointed.",
              "I have read everything by {author} and this may be the best yet.",
              "Recommended to anyone who wants to understand {topic} properly.",
              "My {relative} gave me a copy and I have since bought three more for colleagues.",
              "The writing is {quality} without ever showing off.",
              "I read it slowly, a chapter a night, and took notes on every page.",
              "The edition itself is lovely: good paper, clear diagrams and a useful index.",
              "I would give it six stars if I could.",
              "If you liked {other}, you will find the same clarity here."),
          REVIEW_OPENERS,
          List.of(
              "the chapter on {topic}",
              "the section about the {noun}",
              "the case study from {city}",
              "the story of the {adj} {profession}",
              "the bibliography",
              "the index",
              "every worked example",
              "the opening chapter",
              "the argument about {theme}",
              "the history of {topic}",
              "the appendix",
              "the photographs of {region}",
              "the author's voice",
              "the research behind it",
              "{author}'s eye for detail",
              "the conclusion",
              "the structure",
              "the cover"),
          weighted(
              List.of(
                  "explains the {noun} and the {adj} {noun} better than any lecture I attended",
                  "changed how I think about {topic} and the {noun} of {year}",
                  "uses {a:adj} {noun} from {city} to make a hard point simple",
                  "saved me {n} hours on a project about {topic}",
                  "made the {adj} debates of {era} feel urgent again"),
              List.of(
                  "took me {n} days to finish and I regret none of them",
                  "is worth the price of the book alone",
                  "could have been trimmed by fifty pages",
                  "felt a little rushed",
                  "never quite convinced me",
                  "is as {quality} as anything I have read this year",
                  "sent me straight to the library",
                  "made me want to visit {city}",
                  "deserves a wider audience",
                  "is genuinely {quality}",
                  "is {quality} and {quality}",
                  "left me with a lot to think about",
                  "is the reason I bought {n} copies as presents",
                  "wobbles a little around page {n}",
                  "gave me a new respect for {a:profession}",
                  "is clearer than my university textbook",
                  "assumes more background than the cover suggests",
                  "belongs on every {profession}'s shelf")),
          REVIEW_CLOSERS);

  /** The note about the author. */
  static final Prose AUTHOR =
      new Prose(
          AUTHOR_TEMPLATES,
          List.of(
              "",
              "",
              "In {year}, ",
              "Before writing full time, ",
              "As a young {profession}, ",
              "After {n} years in {city}, ",
              "Since {year}, "),
          List.of("{author}"),
          List.of(
              "worked as {a:profession} in {city}",
              "taught {topic} at a {adj} college in {region}",
              "moved to {city} with a suitcase and {a:object}",
              "wrote for a {adj} newspaper in {city}",
              "won the {city} prize for {kind}",
              "spent {n} months researching the {noun} of {year}",
              "has published {n} books, several of them about {theme}",
              "divides the year between {city} and {region}",
              "still keeps the {object} that inspired the first novel"),
          List.of(
              "",
              "",
              "",
              " and still returns there every {month}",
              ", an experience that shaped this book",
              " for {n} years"));

  static final List<String> HEADLINES =
      List.of(
          "{quality} and {quality}",
          "{a:adj} triumph",
          "Perfect for {occasion}",
          "Not quite what I expected",
          "A book about {theme}",
          "{author} at the top of their game",
          "Worth every minute",
          "Stayed up far too late",
          "{quality}, with a few reservations",
          "My favourite read this year");

  static final List<String> SIMILAR_REASONS =
      List.of(
          "Readers who bought {title} also bought this book",
          "Also set in {region}",
          "Another {quality} read in {kind}",
          "Recommended by readers who rated {title} five stars",
          "Frequently bought together",
          "Explores {theme} in a similar way",
          "Staff pick for fans of {author}");

  /** Reading hints for a novel. */
  static final List<String> HINTS =
      List.of(
          "Start with the prologue: it sets up {secret} that pays off in the last chapter.",
          "Available as an audiobook narrated by {first} {last}, unabridged.",
          "Book clubs: a reading guide with discussion questions on {theme} and {theme} is"
              + " included at the back.",
          "Readers new to {author} often begin here before moving on to the earlier books.",
          "The map on the endpapers helps to follow the journey from {city} to {region}.",
          "Pairs well with a visit to {city}: several chapters take place in its {adj} old"
              + " quarter.",
          "The hardcover includes an interview with {author} about {theme} and research in"
              + " {city}.",
          "Gift wrapping and a personal note are available for this title.",
          "Order before noon for delivery tomorrow; e-book delivery is immediate.",
          "Signed copies are occasionally available from our {city} shop.");

  /** Reading hints for a non-fiction book. */
  static final List<String> NONFICTION_HINTS =
      List.of(
          "Readers who know the basics of {topic} can start with the second chapter.",
          "The companion website has the data, the exercises and errata for this edition.",
          "Pairs well with our other {kind} titles on {topic}.",
          "Course adopters can ask the publisher for slides and a teaching guide.",
          "Available as an audiobook narrated by {first} {last}; the figures come as a PDF.",
          "The hardcover includes an interview with {author} about {theme} and research in"
              + " {city}.",
          "Gift wrapping and a personal note are available for this title.",
          "Order before noon for delivery tomorrow; e-book delivery is immediate.",
          "Signed copies are occasionally available from our {city} shop.",
          "Volume discounts apply to orders of ten copies or more for study groups.");

  /**
   * The plain fragments plus the rich ones (mostly slots) {@value #RICH_WEIGHT} times over: the
   * more often rich fragments are picked, the fewer long phrases repeat, as in real writing.
   */
  private static List<String> weighted(List<String> rich, List<String> plain) {
    List<String> all = new ArrayList<>(plain);
    for (int i = 0; i < RICH_WEIGHT; i++) {
      all.addAll(rich);
    }
    return all;
  }

  private Styles() {}
}
