use super::*;

/// Asserts whether the first claim of `text` (with the prompt `q`) is contradicted by `ctx`.
fn assert_contradicted(text: &str, q: &str, ctx: &str, contradicted: bool) {
    let g = analyse(text, q, ctx);
    assert_eq!(
        g.claims[0].status == ClaimStatus::Contradicted,
        contradicted,
        "{text}: {g:?}"
    );
}

#[test]
fn a_product_the_answer_shows_across_two_sentences_is_derived() {
    let ctx = "Paracetamol 250 mg/5 ml. Age 8–10 years: 7.5 ml, up to 4 times in 24 hours. Not \
               for children under 6: use the 120 mg/5 ml suspension.";
    let q = "What is the most my 9-year-old can have in a day?";
    let statuses = |text: &str| -> Vec<ClaimStatus> {
        analyse(text, q, ctx)
            .claims
            .iter()
            .map(|c| c.status)
            .collect()
    };
    let right = "Each dose is 7.5 ml. At up to 4 doses in 24 hours, that's 30 ml a day. At 250 \
                 mg in every 5 ml (50 mg per ml), each 7.5 ml dose is 375 mg.";
    let g = analyse(right, q, ctx);
    assert!(g.claims.iter().all(|c| c.conflicts.is_empty()), "{g:?}");
    assert_eq!(g.shown_arithmetic.len(), 3, "{g:?}");
    // A dose the numbers near it do not give is contradicted, the products before it not.
    let wrong = statuses(&right.replace("375", "300"));
    assert_eq!(wrong[1], ClaimStatus::Supported);
    assert_eq!(wrong[2], ClaimStatus::Contradicted);
}

#[test]
fn a_number_in_an_aside_about_another_subject_is_told_by_its_own_sentence() {
    let ctx = "Striker Leon Abara was the club's top league scorer with 17 goals and added 2 in \
               the cup for 19 in all competitions. Winger Mateo Ruiz scored 14 league goals and \
               5 in the cups, making him the top scorer in all competitions with 21. The club \
               finished with 60 points.";
    let q = "Who was the top scorer in all competitions?";
    let conflicts = |text: &str| analyse(text, q, ctx).claims[0].conflicts.clone();
    assert!(conflicts(
        "Mateo Ruiz was top scorer in all competitions with 21 goals (Leon Abara had 19, \
         though he led the league scoring with 17)."
    )
    .is_empty());
    // An aside whose number its name's sentence does not hold is judged as before.
    assert!(!conflicts(
        "Mateo Ruiz was top scorer in all competitions with 21 goals (Leon Abara had 19, \
         though he led the league scoring with 60)."
    )
    .is_empty());
}

#[test]
fn a_day_of_the_month_written_alone_is_no_rival_date() {
    // "the 14th" takes the month of the last date told ("1 July"), an inference: the claim's
    // "14 June" of a meeting held on 3 June is not a recombined date.
    let ctx = "Weekly product sync — Monday 3 June\n\
               Attendees: Priya (Product), Marcus (Design), Daniel (Engineering), Aisha (QA)\n\
               \n\
               Priya: Okay, checkout redesign first. Where are we on the copy?\n\
               Marcus: Copy is final. The mobile mockups still need the new error states, though. I can get those over to engineering by Thursday.\n\
               Priya: Thursday the 6th, great. Daniel, can the payment-form changes make the 17 June release?\n\
               Daniel: Only if we have the mockups by Thursday. If they slip, it'll have to go in the 1 July release. I'll also need someone to update the test accounts in staging.\n\
               Aisha: I'll take the test accounts. I can have them ready by Monday the 10th.\n\
               Priya: Thanks. And the vendor contract for the address-lookup service — Marcus, you've been talking to them?\n\
               Marcus: I have, but it's sitting with legal now. Honestly, it'd move faster if you chased legal, Priya.\n\
               Priya: Fine, I'll chase legal and aim to have it signed by the 14th.\n\
               Daniel: One more thing — the analytics events for the new flow. I don't have capacity this sprint.\n\
               Aisha: I can't take it either, I'm on regression testing until the release.\n\
               Priya: Okay, let's park analytics and come back to it next week. Anything else? No? Thanks, everyone.";
    let q = "Who chases legal, and by when?";
    let g = analyse(
        "Priya — chase legal on the address-lookup vendor contract — aiming for signature by 14 June.",
        q,
        ctx,
    );
    assert!(
        g.claims[0].conflicts.iter().all(|c| !c.contains("14th")),
        "{g:?}"
    );
    // A date the sources write whole is a rival still.
    assert_contradicted(
        "Daniel says it goes in the 1 June release if they slip.",
        q,
        ctx,
        true,
    );
}

#[test]
fn a_share_the_claim_computes_from_its_own_numbers_is_found() {
    let ctx = "Of the 120 members present, 84 voted in favour of the motion, 30 against.";
    let q = "How many members voted in favour?";
    assert_contradicted("84 of the 120 members, or 70 percent.", q, ctx, false);
    assert_contradicted("84 of the 120 members, or 80 percent.", q, ctx, true);
}

#[test]
fn a_value_stated_of_another_name_is_contradicted() {
    let ctx = "The majority of the forest is contained within Brazil, with 60% of the rainforest, \
               followed by Peru with 13%, Colombia with 10%.";
    let q = "Which country holds most of the Amazon rainforest?";
    assert_contradicted("Peru, with about 60% of the forest.", q, ctx, true);
    assert_contradicted("Brazil, with about 60% of the forest.", q, ctx, false);
    let ctx = "Saturn has 146 confirmed moons, ahead of Jupiter with 95.";
    let q = "Which planet has more moons?";
    assert_contradicted(
        "Jupiter has more, with 146 moons to Saturn's 95.",
        q,
        ctx,
        true,
    );
    assert_contradicted("Saturn has 146 moons to Jupiter's 95.", q, ctx, false);
    // Nearness is no statement: the years belong to the deal, the number to the years ago.
    let ctx = "Sterling's current £35,000-a-week deal at Liverpool has two years to run.";
    let q = "How long is left on Sterling's deal?";
    assert_contradicted(
        "Sterling has two years left on his contract.",
        q,
        ctx,
        false,
    );
    let ctx = "Ousman Jatta, 45, married wife Beryl, 88, in Gambia 13 years ago.";
    let q = "When did they marry?";
    assert_contradicted(
        "He married his wife Beryl 13 years ago in Gambia.",
        q,
        ctx,
        false,
    );
}

#[test]
fn a_direction_word_in_a_list_is_said_of_its_item() {
    let ctx = "The library opens at 9 am and closes at 8 pm on weekdays. On Saturdays it is open \
               from 10 am to 4 pm, and it is closed on Sundays.";
    let q = "What are the opening hours?";
    let right = "Weekdays 9 am–8 pm, Saturdays 10 am–4 pm, closed Sundays.";
    assert_contradicted(right, q, ctx, false);
    let wrong = "Weekdays 10 am–4 pm, Saturdays 9 am–8 pm, open Sundays.";
    assert_contradicted(wrong, q, ctx, true);
}

#[test]
fn a_universal_claim_is_contradicted_by_an_exception() {
    let ctx = "The museum is open daily from 9 am to 5 pm, except on Mondays and on 25 December.";
    let q = "Is the museum open every day?";
    assert_contradicted(
        "Yes, it is open every day of the week from 9 am to 5 pm.",
        q,
        ctx,
        true,
    );
    // A claim that states the exception, or claims no universal, is not.
    assert_contradicted(
        "It is open every day from 9 am to 5 pm except on Mondays.",
        q,
        ctx,
        false,
    );
    assert_contradicted("It is open from 9 am to 5 pm on most days.", q, ctx, false);
    // A bare "Yes" affirms the question's universal; a "No" denies it.
    assert_contradicted("Yes.", q, ctx, true);
    assert_contradicted("No.", q, ctx, false);
}

#[test]
fn a_universal_claim_is_contradicted_by_a_restriction_of_its_kind() {
    let ctx = "Employees who have completed at least 12 months of continuous service are \
               eligible for 16 weeks of fully paid parental leave. Employees with less than 12 \
               months of service may take up to 16 weeks of unpaid parental leave.";
    let q = "Do all employees get 16 weeks of paid parental leave?";
    assert_contradicted(
        "All employees are eligible for 16 weeks of fully paid parental leave.",
        "",
        ctx,
        true,
    );
    assert_contradicted("Yes.", q, ctx, true);
    // The claim's own restriction, a denial, or no universal: not so.
    assert_contradicted(
        "All employees who have completed 12 months of service are eligible for 16 weeks of \
         fully paid parental leave.",
        "",
        ctx,
        false,
    );
    assert_contradicted("No.", q, ctx, false);
    assert_contradicted(
        "Employees with 12 months of service are eligible for 16 weeks of fully paid parental \
         leave.",
        "",
        ctx,
        false,
    );
    // A source that quantifies universally itself is not restricted.
    assert_contradicted(
        "All employees are eligible for 16 weeks of paid parental leave.",
        "",
        "All employees, including those with less than 12 months of service, are eligible for \
         16 weeks of paid parental leave.",
        false,
    );
}

#[test]
fn a_one_stated_by_an_article_is_found() {
    let ctx = "For the pancakes you will need 200 g of flour and a tablespoon of butter.";
    let q = "How much butter does the recipe need?";
    assert_contradicted("Use 1 tbsp butter.", q, ctx, false);
    assert_contradicted("Use 3 tbsp butter.", q, ctx, true);
    let g = analyse("Use 1 tbsp butter.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
}

#[test]
fn a_measure_is_answered_by_a_number_of_its_dimension() {
    // A length answers a height, through the pronoun of the sentence that states it.
    assert_contradicted(
        "The text doesn't mention the lighthouse's height.",
        "What is the height of the lighthouse?",
        "The Skagen lighthouse was built in 1858. It stands 46 metres tall and is open in summer.",
        true,
    );
    // A distance does not answer a population; a count does.
    let q = "What is the population of the village?";
    let abstention = "The passage doesn't give the village's population.";
    assert_contradicted(
        abstention,
        q,
        "Little Ashby is a village in Leicestershire. The village lies eight miles south of Leicester.",
        false,
    );
    assert_contradicted(
        abstention,
        q,
        "Little Ashby is a village in Leicestershire. The village has a population of 2,300.",
        true,
    );
}

#[test]
fn an_abstention_the_sources_answer_is_contradicted() {
    let q = "When was the bridge opened?";
    let silent = "The bridge spans the river near the old mill. It is 300 metres long and \
                  was designed by Anna Berg.";
    let answers = "The bridge spans the river near the old mill. It was designed by Anna \
                   Berg and opened in 1932.";
    for text in [
        "The passage does not say when the bridge was opened.",
        "I don't know when it opened.",
        "The opening date is not mentioned.",
    ] {
        assert_contradicted(text, q, answers, true);
        assert_contradicted(text, q, silent, false);
    }
    let g = analyse(
        "The context doesn't say when the bridge was opened.",
        q,
        answers,
    );
    assert_eq!(
        g.claims[0].conflicts,
        ["\"not stated\" vs \"1932\""],
        "{g:?}"
    );
    // A question whose predicate the sources never use is not answered by its names.
    let opera = "The Sydney Opera House was designed by Jørn Utzon and opened in 1973. It \
                 hosts more than 1,500 performances each year.";
    assert_contradicted(
        "The passage doesn't say how much it cost to build.",
        "How much did the Sydney Opera House cost?",
        opera,
        false,
    );
    // Who: a name the question does not give.
    let q = "Who designed the bridge?";
    assert_contradicted("The text does not mention the designer.", q, answers, true);
    // An abstention with a contrast states more than silence; a question that asks for
    // no name, date or count is not judged.
    assert_contradicted(
        "I don't know when it opened, but it spans the river.",
        "When was the bridge opened?",
        answers,
        false,
    );
    assert_contradicted(
        "The passage does not say what it is made of.",
        "What is the bridge made of?",
        answers,
        false,
    );
}

#[test]
fn a_conversational_formula_is_no_claim() {
    let ctx = "The Starry Night is an oil-on-canvas painting by Vincent van Gogh, painted in \
               June 1889.";
    let g = analyse(
        "Sure! It was painted by Vincent van Gogh in 1889. Good luck with your report!",
        "Who painted The Starry Night?",
        ctx,
    );
    assert_eq!(g.claims.len(), 1, "{g:?}");
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // A formula that names something or states a number is a claim.
    for text in [
        "Sure, Gauguin painted it.",
        "Of course it was painted in 1901.",
        "Enjoy the Silence is a song.",
    ] {
        assert_eq!(analyse(text, "", ctx).claims.len(), 1, "{text}");
    }
    // A reply that is only a formula keeps it as its claim.
    let g = analyse("No problem.", "", ctx);
    assert_eq!(g.claims.len(), 1, "{g:?}");
}

#[test]
fn a_rank_of_a_superlative_changed_is_contradicted() {
    let ctx = "Jupiter is the largest planet in the Solar System. Saturn, the \
               second-largest, is known for its prominent ring system.";
    let q = "What is the second-largest planet in the Solar System?";
    assert_contradicted("Jupiter.", q, ctx, true);
    assert_contradicted("Saturn.", q, ctx, false);
    assert_contradicted("Saturn is the second largest planet.", "", ctx, false);
    let g = analyse("Jupiter is the second-largest planet.", "", ctx);
    assert_eq!(
        g.claims[0].conflicts,
        ["\"Jupiter second largest\" vs \"largest\""],
        "{g:?}"
    );
    // A possessive is the scope, the name before the copula what the rank is said of.
    let ctx = "Sydney is Australia's largest city. Melbourne is the second-largest.";
    let q = "What is Australia's largest city?";
    assert_contradicted("Melbourne", q, ctx, true);
    assert_contradicted("Sydney", q, ctx, false);
    // "One of the largest" ranks nothing, and a sentence answer takes no rank from the
    // question.
    let ctx = "Lyon is one of the largest cities in France. Paris is the most populous city.";
    assert_contradicted("Lyon", "Which is the second-largest city?", ctx, false);
    assert_contradicted(
        "Paris is in France.",
        "Which is the third most populous city?",
        ctx,
        false,
    );
    assert_contradicted("Paris", "Which is the third most populous city?", ctx, true);
}

#[test]
fn the_fields_of_a_record_are_one_source_sentence() {
    let texts = |t: &'static str| -> Vec<&'static str> {
        source_sentence_spans(t)
            .into_iter()
            .map(|(a, b)| &t[a..b])
            .collect()
    };
    let record = "Country: Iceland\nCapital: Reykjavík\nPopulation: 387,800 (2023)\n\n\
                  Iceland joined NATO in 1949.\nTitle: Report\nIt rained.";
    assert_eq!(
        texts(record),
        [
            "Country: Iceland\nCapital: Reykjavík\nPopulation: 387,800 (2023)",
            "Iceland joined NATO in 1949.",
            "Title: Report",
            "It rained."
        ]
    );
    // Labelled passages, turns of a conversation and lines that end a sentence are no
    // fields.
    for t in [
        "Document 1: The laptop ships with a one-year limited warranty covering parts.\n\
         Document 2: The warranty can be extended to three years for $149 within a month",
        "User: hi there\nAssistant: hello",
        "Note: it opened in 1937.\nSee: the report.",
        "Colour: red\n\nSize: large",
    ] {
        assert_eq!(texts(t).len(), 2, "{t}");
    }
    // A claim that joins the fields is anchored in the record.
    let ctx = "Country: Iceland\nCapital: Reykjavík\nPopulation: 387,800 (2023)\n\
               Currency: Icelandic króna";
    let good = analyse(
        "Iceland's capital is Reykjavík, and it has about 388,000 inhabitants.",
        "",
        ctx,
    );
    assert_eq!(good.features.entity_anchor_mean, 1.0, "{good:?}");
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    let bad = analyse(
        "Iceland's capital is Reykjavík, and it has about 3.8 million inhabitants.",
        "",
        ctx,
    );
    assert_ne!(bad.claims[0].status, ClaimStatus::Supported, "{bad:?}");
}

#[test]
fn a_clipped_name_is_the_name_it_clips() {
    let ctx = "The Metropolitan Museum of Art is located on Fifth Avenue in New York City. \
               The New Slains Castle stands near Cruden Bay in Aberdeenshire.";
    let q = "Where is it?";
    assert_contradicted("The Met is on Fifth Avenue in NYC.", q, ctx, false);
    // A name that lacks only a few letters of another is another name.
    assert_contradicted("The New Slains Castle is in Aberdeen.", q, ctx, true);
}

#[test]
fn a_weekday_conflicts_with_a_weekday_or_a_dated_day_not_with_a_month() {
    let ctx = "The council voted on Tuesday to approve the lane. Work starts in March.";
    let q = "Summarize the decision.";
    assert_contradicted(
        "The council approved the lane, with work starting in March.",
        q,
        ctx,
        false,
    );
    assert_contradicted(
        "The council voted on Friday to approve the lane.",
        q,
        ctx,
        true,
    );
    let ctx = "The episode aired on May 5, 2013, on Fox's Animation Domination lineup.";
    let q = "On which day of the week did the episode air?";
    assert_contradicted("The episode aired on a Saturday.", q, ctx, true);
    assert_contradicted("The episode aired on a Sunday.", q, ctx, false);
}

#[test]
fn the_weekday_of_a_stated_date_is_computed_not_looked_up() {
    assert_eq!(WEEKDAYS[weekday_of(1969, 7, 20)], "sunday");
    assert_eq!(WEEKDAYS[weekday_of(2000, 2, 29)], "tuesday");
    assert_eq!(WEEKDAYS[weekday_of(1900, 3, 1)], "thursday");
    let found = |t: &str| {
        let toks = tokens(t);
        dated_weekdays(t, &toks)
            .into_iter()
            .map(|k| toks[k].raw.to_string())
            .collect::<Vec<_>>()
    };
    for t in [
        "It landed on Sunday, July 20, 1969.",
        "It landed on Sunday 20 July 1969.",
        "It landed on Sunday the 20th of July 1969.",
    ] {
        assert_eq!(found(t), ["Sunday"], "{t}");
    }
    // A wrong weekday, or a date without its year, is not computed.
    assert!(found("It landed on Monday, July 20, 1969.").is_empty());
    assert!(found("It landed on Sunday, July 20.").is_empty());
    let apollo = "Apollo 11 landed on July 20, 1969.";
    let g = analyse("On Sunday, July 20, 1969.", "When did it land?", apollo);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    let g = analyse("On Monday, July 20, 1969.", "When did it land?", apollo);
    assert_ne!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
}

#[test]
fn a_date_stated_whole_with_the_claims_own_words_is_no_swap() {
    let apollo = "Apollo 11 launched on July 16, 1969. Neil Armstrong and Buzz Aldrin \
                  landed the lunar module Eagle on July 20. The crew splashed down in the \
                  Pacific on July 24.";
    let q = "When did Apollo 11 land on the Moon?";
    // The claim joins the launch sentence's name and year with the landing's date.
    assert_contradicted("Apollo 11 landed on July 20, 1969.", q, apollo, false);
    assert_contradicted("July 20th, 1969.", q, apollo, false);
    // The launch with the landing's date, and the splashdown's date for the landing.
    assert_contradicted("Apollo 11 launched on July 20, 1969.", q, apollo, true);
    assert_contradicted("Apollo 11 landed on July 24, 1969.", q, apollo, true);
    assert_contradicted("July 24th, 1969.", q, apollo, true);
    assert_contradicted(
        "July 24th, 1969.",
        "When did the crew splash down?",
        apollo,
        false,
    );
}

#[test]
fn a_day_of_the_month_written_alone_is_of_the_last_month_told() {
    let thread = "I'd like to move the release from May 14 to May 21. If the build lands on \
                  the 15th, QA can run the regression suite on May 16–17. We can't cover the \
                  weekend, so anything we find on Friday gets fixed Monday the 20th.";
    let q = "Who agreed to what?";
    assert_contradicted(
        "Friday's findings get fixed Monday, May 20.",
        q,
        thread,
        false,
    );
    assert_contradicted(
        "QA runs the suite if the build lands on May 15.",
        q,
        thread,
        false,
    );
    assert_contradicted(
        "Friday's findings get fixed Monday, May 22.",
        q,
        thread,
        true,
    );
    assert_contradicted(
        "Friday's findings get fixed Monday, June 20.",
        q,
        thread,
        true,
    );
}

#[test]
fn a_name_beside_a_measure_is_no_swap_unless_it_takes_a_names_place() {
    let ctx = "Mount Kilimanjaro is a dormant volcano in Tanzania. It is the highest \
               mountain in Africa, about 5,895 metres above sea level.";
    let q = "How tall is Kilimanjaro?";
    // A place added beside the asked-for height: unsupported, not contradicted.
    let beside = "Kilimanjaro stands about 5,895 metres above sea level, near the border \
                  with Kenya.";
    assert_contradicted(beside, q, ctx, false);
    // The same place where the sentence names Africa: swapped.
    let swapped = "Kilimanjaro stands about 5,895 metres above sea level and is the \
                   highest mountain in Kenya.";
    assert_contradicted(swapped, q, ctx, true);
    // A question that also asks for a place judges every name as before.
    let ada = "Ada Lovelace was an English mathematician, born in London in 1815.";
    assert_contradicted(
        "Paris, 1815.",
        "Where and when was Ada Lovelace born?",
        ada,
        true,
    );
    assert!(AskedQuestion::new("How tall is Kilimanjaro?").asks_only_value());
    assert!(
        AskedQuestion::new("Answer using the passage below.\nHow tall is Kilimanjaro?")
            .asks_only_value()
    );
    assert!(AskedQuestion::new("How many moons does Mars have?").asks_only_value());
    assert!(AskedQuestion::new("When was the Eiffel Tower completed?").asks_only_value());
    assert!(AskedQuestion::new("In what year did the war end?").asks_only_value());
    assert!(!AskedQuestion::new("Where and when was Ada Lovelace born?").asks_only_value());
    assert!(
        !AskedQuestion::new("Who was the tallest player, and how tall was he?").asks_only_value()
    );
    assert!(!AskedQuestion::new("Which river is the longest?").asks_only_value());
    assert!(!AskedQuestion::new("What did the crowd do when the band came on?").asks_only_value());
    // A name beside the asked-for date is a detail too.
    let eiffel = "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in \
                  Paris, France. It was completed in 1889 and is 330 metres tall.";
    let q = "When was the Eiffel Tower completed?";
    let good = "The tower was finished in 1889 for the World's Fair.";
    assert_contradicted(good, q, eiffel, false);
    assert_contradicted("The tower was completed in 1925.", q, eiffel, true);
    // A name beside the entity of the kind a "which" question asks for is a detail; in
    // that entity's slot it is a swap.
    let amazon = "The Amazon River in South America is the largest river by discharge \
                  volume of water in the world.";
    let q = "Which river has the largest discharge?";
    let good = "The Amazon carries more water than any other river on Earth.";
    assert_contradicted(good, q, amazon, false);
    assert_contradicted(
        "The Amazon River in Africa has the largest discharge.",
        q,
        amazon,
        true,
    );
    assert_eq!(asked_noun(q).as_deref(), Some("river"));
    assert_eq!(
        asked_noun("What kind of tree is it?").as_deref(),
        Some("tree")
    );
    assert_eq!(asked_noun("What is the capital of Peru?"), None);
}

#[test]
fn word_lists_fit_their_length_bounds() {
    assert_eq!(
        BACK_REFERENCES.iter().map(|w| w.len()).max(),
        Some(BACK_REFERENCE_MAX_LEN)
    );
    let lengths = NUMBER_WORDS.iter().map(|(w, _)| w.len());
    assert_eq!(lengths.clone().min(), Some(NUMBER_WORD_MIN_LEN));
    assert_eq!(lengths.max(), Some(NUMBER_WORD_MAX_LEN));
    for &(w, d) in NUMBER_WORDS {
        assert_eq!(number_word(w), Some(d));
    }
    for &(w, _) in NUMBER_WORDS {
        assert!(
            may_be_number_word(w) && may_be_number_word(&w.to_uppercase()),
            "{w}"
        );
    }
    for w in ["", "a", "the", "The", "and", "fifths", "thre", "thirtee"] {
        assert!(!may_be_number_word(w), "{w}");
    }
    assert_eq!(number_word("tens"), None);
    let forms = DIRECTION_ANTONYMS
        .iter()
        .flat_map(|(a, b)| a.iter().chain(b.iter()));
    assert_eq!(
        forms.clone().map(|f| f.len()).max(),
        Some(DIRECTION_MAX_LEN)
    );
    for (pair, (a, b)) in DIRECTION_ANTONYMS.iter().enumerate() {
        for (side, list) in [a, b].into_iter().enumerate() {
            for f in list.iter() {
                assert_eq!(direction_word(f), Some((pair, side, *f)), "{f} twice?");
                assert_eq!(direction_word(&f.to_uppercase()), Some((pair, side, *f)));
            }
        }
    }
    assert_eq!(direction_word("sideways"), None);
}

#[test]
fn a_name_used_as_an_adjective_takes_only_an_adjectives_place() {
    let ctx = "A 19th-century footbridge over the River Eamont in Kelderbrook has been closed \
               indefinitely after engineers found severe corrosion in its iron supports.";
    let q = "Summarize the article in one sentence.";
    let claim = "A Victorian footbridge in Kelderbrook has been closed after engineers found \
                 corrosion in its iron supports.";
    let good = analyse(claim, q, ctx);
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    let ctx = ctx.replace("19th-century", "Georgian");
    let bad = analyse(claim, q, &ctx);
    assert_eq!(
        bad.claims[0].conflicts,
        ["\"victorian\" vs \"georgian\""],
        "{bad:?}"
    );
}

#[test]
fn a_number_computed_as_the_question_asks_is_no_invention() {
    let ctx = "Prater nailed a 38-yard field goal in the first quarter. Kaeding made a 29-yard \
               field goal before the half. Prater added a 24-yard field goal in the final minute.";
    let q = "How many more yards was the longest field goal than the shortest?";
    let g = analyse("14", q, ctx);
    assert!(g.source_computed.contains(&14.0), "{g:?}");
    assert!(g.claims[0].support > 0.0, "{g:?}");
    // Only when the question asks for a computation.
    let g = analyse("14", "How long was Prater's first field goal?", ctx);
    assert!(
        g.source_computed.is_empty() && g.claims[0].support == 0.0,
        "{g:?}"
    );
    let ctx = "The county was 81.4% White, 11.2% African American and 1.3% Asian.";
    let g = analyse("98.7", "How many percent of people were not Asian?", ctx);
    assert!(g.source_computed.contains(&98.7), "{g:?}");
    assert!(g.claims[0].support > 0.0, "{g:?}");
}

#[test]
fn two_counts_of_one_sentence_swapped_contradict_it() {
    let ctx = "The Great Barrier Reef is the world's largest coral reef system, composed of over \
               2,900 individual reefs and 900 islands stretching for over 2,300 kilometres.";
    let q = "How big is the Great Barrier Reef?";
    let good = analyse(
        "It is made up of more than 2,900 individual reefs and about 900 islands.",
        q,
        ctx,
    );
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    let bad = analyse(
        "It is made up of more than 900 individual reefs and about 2,900 islands.",
        q,
        ctx,
    );
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert_eq!(bad.claims[0].conflicts, ["\"900\" vs \"2,900\""], "{bad:?}");
    // A count of a thing the sentence does not count is judged as any number is.
    let other = analyse("Over 900 coral species live on the reef.", q, ctx);
    assert_ne!(
        other.claims[0].status,
        ClaimStatus::Contradicted,
        "{other:?}"
    );
}

#[test]
fn a_swapped_number_contradicts_its_aligned_sentence() {
    let ctx = "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris. It was completed in 1889 as the centrepiece of the World's Fair and is 330 metres tall.";
    let good = analyse(
        "The Eiffel Tower was completed in 1889 and is 330 metres tall.",
        "",
        ctx,
    );
    let bad = analyse(
        "The Eiffel Tower was completed in 1925 and is 150 metres tall.",
        "",
        ctx,
    );
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert!(
        bad.claims[0]
            .conflicts
            .iter()
            .any(|c| c.contains("1925") && c.contains("1889")),
        "{:?}",
        bad.claims[0].conflicts
    );
    assert!(bad.features.novel_conflict_share > 0.0 && good.features.contradicted_share == 0.0);
    let src = bad.claims[0].source.as_ref().unwrap();
    assert_eq!(
        ctx.chars()
            .skip(src.start)
            .take(src.end - src.start)
            .collect::<String>(),
        src.text
    );
    assert!(src.text.starts_with("It was completed in 1889"));
}

#[test]
fn a_definite_description_continues_the_subject_named_before_it() {
    // "The company" is Northwind Traders: its subject is not swapped for "Seattle".
    let ctx = "Northwind Traders is a wholesale food distributor. The company was founded in \
               1987 by Maria Anders and Thomas Hardy in Seattle. It ships to 40 countries.";
    let good = analyse(
        "Northwind Traders was founded in 1987 by Maria Anders and Thomas Hardy.",
        "",
        ctx,
    );
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    // A name the sentence before does not state is not the description's referent: the
    // swap is still judged.
    let ctx = "Contoso Holdings is an investor. Northwind Traders is a food distributor. \
               Fabrikam is a maker of toys. The company was founded in 1987 by Maria Anders \
               and Thomas Hardy in Seattle.";
    let bad = analyse(
        "Northwind Traders was founded in 1987 by Maria Anders and Thomas Hardy.",
        "",
        ctx,
    );
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    // A description equated with a name of its own names its own entity.
    let second = "The capital is Paris, on the Seine.";
    assert!(!opens_with_description(second, &tokens(second)));
    let described = "The company was founded in 1987.";
    assert!(opens_with_description(described, &tokens(described)));
}

#[test]
fn a_word_the_sources_state_only_after_no_is_denied() {
    let ctx = "A fire broke out at a warehouse on Elm Street late on Sunday. Firefighters \
               brought it under control within two hours. No injuries were reported.";
    let bad = analyse("Two firefighters suffered injuries.", "", ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert!(bad.features.negation_mismatch_share > 0.0);
    // The claim that says so, or withholds the word, is not contradicted.
    for good in [
        "Firefighters controlled the fire, and no injuries were reported.",
        "Everyone escaped injuries.",
    ] {
        let g = analyse(good, "", ctx);
        assert_ne!(
            g.claims[0].status,
            ClaimStatus::Contradicted,
            "{good}: {g:?}"
        );
    }
    // "no longer" denies the verb of its clause, not a thing: "compete" is not denied.
    let ctx = "England will no longer compete in the Victory Shield.";
    let toks = tokens(ctx);
    assert!(!denied_by_no(ctx, &toks, 4));
    let ctx = "There were no serious injuries.";
    assert!(denied_by_no(ctx, &tokens(ctx), 4));
    assert!(!denied_by_no(ctx, &tokens(ctx), 3));
    // The word after the head is no part of the phrase.
    let ctx = "No injuries occurred.";
    assert!(denied_by_no(ctx, &tokens(ctx), 1) && !denied_by_no(ctx, &tokens(ctx), 2));
    // Restricted by a phrase after it, it is denied only there: parking elsewhere is not.
    let ctx = "The hotel has no parking on site. A public garage is two blocks away.";
    assert!(!denied_by_no(ctx, &tokens(ctx), 4));
    let g = analyse("Parking is available at the public garage nearby.", "", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A "no" phrase denies its own words, not a clause that does not name them; "no longer"
    // still negates its clause.
    let ctx = "There is no charge for returns made within 30 days.";
    let g = analyse("Returns are free within 30 days.", "", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let g = analyse("You pay a charge for returns made within 30 days.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A "no" phrase restricted to a time denies the thing then only: a claim of another time
    // is not denied by it, one of that time is.
    let ctx = "Dep. Carrick Quay 15:40 daily.\nNo sailings on 25 December or 1 January.";
    let q = "what time is the last boat out of Carrick Quay on a saturday?";
    let g = analyse(
        "The last Saturday sailing from Carrick Quay is at 15:40.",
        q,
        ctx,
    );
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let g = analyse("There are sailings on 25 December.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A place restricts the phrase, not a time: the thing is denied wherever the place is.
    let ctx = "No dogs on the beach from May to September.";
    let g = analyse("Dogs are allowed on the beach.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn what_the_sources_find_no_evidence_of_is_denied() {
    let ctx = "The 2019 fire at the warehouse on Dock Road was caused by an electrical fault in a \
               refrigeration unit, the fire service's report concluded. Investigators found no \
               evidence of arson. Two firefighters were treated for smoke inhalation.";
    let toks = tokens(ctx);
    let at = |w: &str| toks.iter().position(|t| t.raw == w).unwrap();
    assert!(denied_by_no(ctx, &toks, at("arson")));
    assert!(!denied_by_no(ctx, &toks, at("evidence")));
    for bad in [
        "Investigators concluded it was arson.",
        "The fire was arson.",
    ] {
        let g = analyse(bad, "What caused the fire?", ctx);
        assert_eq!(
            g.claims[0].status,
            ClaimStatus::Contradicted,
            "{bad}: {g:?}"
        );
    }
    let g = analyse(
        "It was an electrical fault, not arson.",
        "What caused the fire?",
        ctx,
    );
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A yes/no question naming what the sources deny has their answer "no", whatever the
    // other clauses of its aligned sentence affirm ("was caused by an electrical fault").
    let q = "Was the fire caused by arson?";
    let g = analyse("No.", q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let g = analyse("Yes.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // Restricted by a phrase after it, the thing is denied only there.
    let ctx = "There was no sign of damage in the kitchen. The bathroom ceiling was damaged.";
    let toks = tokens(ctx);
    assert!(!denied_by_no(
        ctx,
        &toks,
        toks.iter().position(|t| t.raw == "damage").unwrap()
    ));
}

#[test]
fn a_name_stated_of_the_claims_subject_in_another_sentence_is_no_rival() {
    let ctx = "Pan's Labyrinth is a 2006 dark fantasy film written and directed by Guillermo del \
               Toro. It was shot in Spain, largely in the pine forests of the Guadarrama range \
               north of Madrid.\n\nGuillermo del Toro Gómez (born 9 October 1964) is a Mexican \
               filmmaker. He was born in Guadalajara, Jalisco, and raised in a strict Catholic \
               household.";
    let q = "In which city was the director of Pan's Labyrinth born?";
    // Aligned to the sentence of his birth date, the claim takes its place of birth from the
    // next one, whose "He" continues that sentence's subject.
    let g = analyse(
        "Guillermo del Toro was born in Guadalajara in 1964.",
        q,
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // A name the sources state of another subject (where the film was shot) stays a rival.
    let g = analyse("Guillermo del Toro was born in Madrid in 1964.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn a_measure_is_read_with_the_segment_of_the_source_that_states_it() {
    let ctx = "Bulk ferment 4 to 5 hours at room temperature with four sets of stretch-and-folds, \
               shape, then cold-proof in the fridge for 12 to 16 hours. Bake at 250 °C in a \
               covered Dutch oven for 20 minutes, then uncovered at 230 °C for 25 minutes.";
    // The bulk ferment's hours given to the fridge, and the other way round.
    for bad in [
        "Leave it in the fridge for 4 to 5 hours.",
        "Bulk ferment for 12 to 16 hours.",
    ] {
        let g = analyse(bad, "", ctx);
        assert_eq!(
            g.claims[0].status,
            ClaimStatus::Contradicted,
            "{bad}: {g:?}"
        );
    }
    // A segment without a verb of its own takes the one before it ("then uncovered at 230 °C"
    // is baked too); a value the claim's words share a segment with is in place.
    for good in [
        "Bake it at 230 °C for 25 minutes once the lid is off.",
        "Bulk ferment for 4 to 5 hours.",
        "Cold-proof it in the fridge for 12 to 16 hours.",
    ] {
        let g = analyse(good, "", ctx);
        assert_ne!(
            g.claims[0].status,
            ClaimStatus::Contradicted,
            "{good}: {g:?}"
        );
    }
    // A segment of the claim with two values does not say which its words go with.
    let ctx = "The Nile is about 6,650 km long, while the Amazon is about 6,400 km long.";
    let g = analyse(
        "The Nile is longer, about 6,650 km against 6,400 km for the Amazon.",
        "Which is longer, the Nile or the Amazon?",
        ctx,
    );
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // Stated with the claim's words in another sentence, the value is attached there.
    let ctx = "A grace period of 29 minutes applies to the return time. If the car is returned \
               more than 29 minutes after the agreed time, one full rental day is charged for \
               each commenced 24-hour period.";
    let g = analyse("You are past the 29-minute grace period.", "", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn a_unit_is_found_however_it_is_written() {
    let ctx = "The average distance between the Earth and the Moon is about 384,400 km.";
    let g = analyse(
        "The Moon is about 384,400 kilometres from the Earth on average.",
        "",
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    assert_eq!(g.claims[0].support, 1.0, "{g:?}");
    // A unit the question names ("in miles") is the unit of the answer's number.
    let nile = "The Nile is about 6,650 kilometres long.";
    let n = analyse(
        "Roughly 4,130 miles.",
        "How long is the Nile in miles?",
        nile,
    );
    assert_eq!(n.claims[0].support, 1.0, "{n:?}");
    let bad = analyse(
        "The Moon is about 384,400 miles from the Earth on average.",
        "",
        ctx,
    );
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn a_pronoun_subject_anchors_the_name_its_previous_sentence_opens_with() {
    let ctx = "Roman Atwood is a content creator. He is best known for his vlogs, where he \
               posts updates about his life.";
    let g = analyse("Roman Atwood posts vlogs about his life.", "", ctx);
    assert_eq!(g.features.entity_anchor_mean, 1.0, "{g:?}");
    // So does a pronoun after a fronted adverbial that names nothing.
    let ctx = "Aristotle was an Ancient Greek philosopher. At seventeen or eighteen years of \
               age, he joined Plato's Academy in Athens and remained there for twenty years.";
    let g = analyse("Aristotle spent time in Athens.", "", ctx);
    assert!(g.features.entity_anchor_mean > 0.5, "{g:?}");
    // "He" continues the film's sentence, whose subject is the film, not the actor.
    let ctx = "D.C. Cab is a 1983 comedy film starring Max Gail and Adam Baldwin. He \
               portrayed Detective Wojo on the sitcom Barney Miller.";
    let g = analyse(
        "Adam Baldwin portrayed Detective Wojo on Barney Miller.",
        "",
        ctx,
    );
    assert!(g.features.entity_anchor_mean < 1.0, "{g:?}");
    // The sentence that continues the subject is the claim's alignment, so its polarity is
    // the one judged.
    let ctx = "Roman Atwood is a content creator. He is best known for his vlogs, where he \
               posts updates about his life.";
    let bad = analyse("Roman Atwood has never posted a vlog.", "", ctx);
    assert_eq!(bad.claims[0].conflicts, ["negated vs affirmed"], "{bad:?}");
    // A subject that shares only part of the name is another entity.
    let ctx = "Wasim Hasan Raja was a Pakistani cricketer. His brother Rameez played too.";
    let toks = tokens(ctx);
    let index = SourceIndex::build(ctx, &toks, &LowerVocab::of(&[&toks]), &[], false, None);
    let id = |w: &str| index.vocab[&Cow::Borrowed(w)];
    assert!(index.continues_subject(1, &[id("wasim"), id("hasan"), id("raja")]));
    assert!(!index.continues_subject(1, &[id("hasan"), id("rameez")]));
}

#[test]
fn a_citation_marker_states_no_number() {
    let ctx = "She won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in \
               1911.";
    let text = "She won the Nobel Prize in Physics in 1903 [1] and in Chemistry in 1911 [1, 2].";
    let g = analyse(text, "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    let toks = tokens(text);
    let cited: Vec<&str> = (0..toks.len())
        .filter(|&i| is_citation_marker(text, &toks, i))
        .map(|i| toks[i].raw)
        .collect();
    assert_eq!(cited, ["1", "1", "2"]);
    // A retrieval pipeline's source label: neither the label nor its number is stated.
    for (t, want) in [
        (
            "[Doc 2] Gigafactory Texas is Tesla's largest factory [source 1].",
            &["Doc", "2", "source", "1"][..],
        ),
        (
            "It is near Austin (Doc 2), says Document 3 [Doc 1, 2] (Ref 4).",
            &["Doc", "2", "Document", "3", "Doc", "1", "2", "Ref", "4"][..],
        ),
        (
            "Per Documents 2 and 3 it opened in 2017 [Doc 1 or 4].",
            &["Documents", "2", "3", "Doc", "1", "4"][..],
        ),
        ("It has 2 and 3 floors.", &[][..]),
        (
            "It makes the Model 3 and Model Y; see Article 5 of the code.",
            &[][..],
        ),
    ] {
        let toks = tokens(t);
        let cited: Vec<&str> = (0..toks.len())
            .filter(|&i| is_citation_marker(t, &toks, i))
            .map(|i| toks[i].raw)
            .collect();
        assert_eq!(cited, want, "{t}");
    }
    // A number in brackets with words is no citation, nor one without brackets.
    for t in [
        "The tower [built 1889] is tall.",
        "It has 3 floors.",
        "Figure [3a] shows it.",
        "The [Model 3] sold well.",
    ] {
        let toks = tokens(t);
        assert!(
            (0..toks.len()).all(|i| !is_citation_marker(t, &toks, i)),
            "{t}"
        );
    }
}

#[test]
fn an_ordinary_word_opening_a_sentence_opens_the_name_the_request_writes_after_it() {
    // "Little" opens the source sentence, where every word is capitalised; the answer writes
    // "Little Ashby" mid-sentence, so the source names the village whole.
    let ctx = "Little Ashby is a village in Leicestershire, England, known for its Norman \
               church.";
    let g = analyse("The village of Little Ashby is in Leicestershire.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    let g = analyse("The village of Little Ashby is in Yorkshire.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // An opening demonym is keyed as a name by its place, as it is anywhere else.
    let g = analyse(
        "American Airlines is headquartered in Fort Worth.",
        "Where is American Airlines headquartered?",
        "The airline American Airlines is headquartered in Fort Worth, Texas.",
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // Without the request writing the pair mid-sentence, an opening ordinary word stays a
    // word: "Somehow" names nothing.
    let ctx = "Somehow Walt Disney made mice lovable.";
    let toks = tokens(ctx);
    let vocab = LowerVocab::of(&[&toks]);
    assert!(!opens_name_run(ctx, &toks, 0, &vocab));
    let toks_b = tokens("He lives in Little Ashby.");
    let toks_a = tokens("Little Ashby is a village.");
    let vocab = LowerVocab::of(&[&toks_a, &toks_b]);
    assert!(opens_name_run(
        "Little Ashby is a village.",
        &toks_a,
        0,
        &vocab
    ));
}

#[test]
fn a_novel_name_conflicts_with_the_sentence_of_its_own_clause() {
    // The claim's other clause carries most of its words, so its best sentence is the second
    // one; the clause holding the novel name is stated by the first.
    let ctx = "Inception is a 2010 science fiction film written and directed by Christopher \
               Nolan. It stars Leonardo DiCaprio as a thief who steals information by \
               entering people's dreams.";
    let bad = analyse(
        "It was written and directed by Steven Spielberg, and Leonardo DiCaprio plays a \
         thief who enters people's dreams.",
        "",
        ctx,
    );
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert!(
        bad.claims[0].conflicts.iter().any(|c| c.contains("steven")),
        "{:?}",
        bad.claims[0].conflicts
    );
    let good = analyse(
        "It was written and directed by Christopher Nolan, and Leonardo DiCaprio plays a \
         thief who enters people's dreams.",
        "",
        ctx,
    );
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    // A clause whose only other key is its verb meets that verb's sentence too.
    let ctx = "Inception is a 2010 science fiction film directed by Christopher Nolan. The \
               film won four Academy Awards.";
    assert_contradicted(
        "It was directed by Steven Spielberg, and it won four Academy Awards.",
        "",
        ctx,
        true,
    );
    assert_contradicted(
        "It was directed by Christopher Nolan, and it won four Academy Awards.",
        "",
        ctx,
        false,
    );
}

#[test]
fn a_source_question_answered_no_states_its_denial() {
    let ctx = "Q: Can I change my delivery address after ordering?\nA: Yes, up to 2 hours after \
               you order.\nQ: Do you ship to Norway?\nA: No. We ship to EU countries and the \
               UK only.";
    for (claim, contradicted) in [
        ("Yes, we ship to Norway.", true),
        ("We ship to Norway.", true),
        ("No, we don't ship to Norway.", false),
        // A question answered "Yes" affirms.
        ("You can change the delivery address after ordering.", false),
        (
            "You can't change the delivery address after ordering.",
            true,
        ),
    ] {
        let g = analyse(claim, "", ctx);
        assert_eq!(
            g.claims[0].status == ClaimStatus::Contradicted,
            contradicted,
            "{claim}: {g:?}"
        );
    }
    // "No one …" is no answer "No".
    let ctx = "Is the pool open at night?\nNo one may swim after 10pm.";
    let spans = source_sentence_spans(ctx);
    assert!(!super::index::answered_no(ctx, &spans, 0));
}

#[test]
fn a_novel_date_conflicts_with_the_second_sentence_of_its_aligned_span() {
    // The best sentence names the subject and has no date; the next one, which refers back to
    // it, states the date the answer replaces.
    let ctx = "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 as the entrance to the World's Fair.";
    let q = "When was the Eiffel Tower completed?";
    let bad = analyse("The Eiffel Tower was completed in 1899.", q, ctx);
    let good = analyse("The Eiffel Tower was completed in 1889.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert!(
        bad.claims[0]
            .conflicts
            .iter()
            .any(|c| c.contains("1899") && c.contains("1889")),
        "{:?}",
        bad.claims[0].conflicts
    );
    // It cites the sentence that states the date it contradicts.
    assert!(bad.claims[0]
        .source
        .as_ref()
        .unwrap()
        .text
        .starts_with("It was completed in 1889"));
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    // A date the sources lack, with no other date in the aligned span, is unsupported, not
    // contradicted: nothing states another one in its place.
    let undated = analyse(
        "The Eiffel Tower was completed in 1899.",
        q,
        "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was built as the entrance to the World's Fair.",
    );
    assert_ne!(
        undated.claims[0].status,
        ClaimStatus::Contradicted,
        "{undated:?}"
    );
}

#[test]
fn a_name_named_by_part_of_a_longer_name_is_no_other_name() {
    // The claim joins two sentences: "Moon" stands in the first, the rest in the second,
    // whose "Apollo Lunar Module Eagle" the claim names "the Eagle".
    let ctx = "Apollo 11 was the spaceflight that first landed humans on the Moon. \
               Neil Armstrong and Buzz Aldrin landed the Apollo Lunar Module Eagle on July \
               20, 1969.";
    let g = analyse(
        "Neil Armstrong and Buzz Aldrin landed the Eagle on the Moon in July 1969.",
        "",
        ctx,
    );
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A name swapped within a run that is another entity still conflicts: "Michelle Obama"
    // does not name "Barack Obama".
    let ctx = "Barack Obama signed the Affordable Care Act in 2010.";
    let b = analyse(
        "Michelle Obama signed the Affordable Care Act in 2010.",
        "",
        ctx,
    );
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    let b = analyse("Barack Obama signed the Clean Air Act in 2010.", "", ctx);
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
}

#[test]
fn a_name_written_another_way_supports_its_claim() {
    // Each pair: an answer naming or numbering what the source states in another form, and
    // a swap that must still contradict.
    for (ctx, good, bad) in [
        (
            "The Sagrada Família was designed by the Catalan architect Antoni Gaudí.",
            "Antoni Gaudi designed the Sagrada Familia.",
            "Antoni Pujol designed the Sagrada Familia.",
        ),
        (
            "Marie Skłodowska-Curie was the first woman to win a Nobel Prize.",
            "Marie Curie was the first woman to win a Nobel Prize.",
            "Marie Meitner was the first woman to win a Nobel Prize.",
        ),
        (
            "The United States purchased Alaska from the Russian Empire in 1867.",
            "The U.S. purchased Alaska from the Russian Empire in 1867.",
            "The U.K. purchased Alaska from the Russian Empire in 1867.",
        ),
        (
            "Norway has a population of about 5.5 million people.",
            "Norway has a population of about 5,500,000 people.",
            "Norway has a population of about 7,500,000 people.",
        ),
        (
            "Mars is the fourth planet from the Sun.",
            "Mars is the 4th planet from the Sun.",
            "Mars is the 6th planet from the Sun.",
        ),
        (
            "Bell was granted a patent for the telephone in 1876.",
            "Bell was granted a patent for the telephone in the 1870s.",
            "Bell was granted a patent for the telephone in the 1890s.",
        ),
    ] {
        let (g, b) = (analyse(good, "", ctx), analyse(bad, "", ctx));
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{good}: {g:?}");
        assert_eq!(
            b.claims[0].status,
            ClaimStatus::Contradicted,
            "{bad}: {b:?}"
        );
    }
}

#[test]
fn no_longer_negates() {
    let ctx = "In 2006 the International Astronomical Union reclassified Pluto as a dwarf \
               planet, so it is no longer considered a planet.";
    for good in [
        "Pluto is not considered a planet.",
        "Pluto is no longer considered a planet.",
    ] {
        let g = analyse(good, "Is Pluto a planet?", ctx);
        assert_ne!(
            g.claims[0].status,
            ClaimStatus::Contradicted,
            "{good}: {g:?}"
        );
    }
    let b = analyse(
        "Pluto is still considered a planet.",
        "Is Pluto a planet?",
        ctx,
    );
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    assert!(b.features.negation_mismatch_share > 0.0);
}

#[test]
fn with_no_before_a_noun_is_an_adjunct_like_without() {
    let ctx = "A ten-year study found that adults who walked at least 7,000 steps a day had \
               a 31% lower risk of heart disease. The benefit levelled off above 10,000 steps.";
    let g = analyse(
        "Walking at least 7,000 steps a day was linked to a 31% lower risk of heart \
         disease, with no extra benefit above 10,000 steps.",
        "Summarize the study.",
        ctx,
    );
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let s = "Adults with no symptoms were not tested.";
    assert!(negates(s, &tokens(s)), "the verbal negation still negates");
    let s = "Adults with no symptoms were tested.";
    assert!(!negates(s, &tokens(s)));
    let s = "No symptoms were found.";
    assert!(negates(s, &tokens(s)));
}

#[test]
fn a_not_that_opens_a_phrase_denies_the_phrase() {
    let ctx = "Parasite is a 2019 South Korean film directed by Bong Joon-ho. It won the Palme \
               d'Or at Cannes and became the first non-English-language film to win the \
               Academy Award for Best Picture.";
    let g = analyse(
        "It was the first film not in English to win Best Picture.",
        "Did Parasite win any big awards?",
        ctx,
    );
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    for (s, negated) in [
        ("The film was not in English.", true),
        ("It's not in English.", true),
        ("The film was certainly not in English.", true),
        ("A film not in English won.", false),
        ("It won for the effect, not for relativity.", true),
        ("He served in the war but not in the battle.", true),
        ("He decided not to go.", true),
    ] {
        assert_eq!(negates(s, &tokens(s)), negated, "{s}");
    }
    // The name a prefixed compound holds is stated: "English" is not swapped for another.
    let b = analyse(
        "It was the first English film to win Best Picture.",
        "",
        ctx,
    );
    assert!(
        b.claims[0].conflicts.iter().all(|c| !c.contains("palme")),
        "{b:?}"
    );
}

#[test]
fn a_negative_implicative_before_to_negates() {
    let ctx = "Italy failed to qualify for the 2018 World Cup. Sweden, who beat them in a \
               play-off, reached the quarter-finals.";
    let q = "Did Italy play at the 2018 World Cup?";
    let g = analyse("Italy did not qualify for the 2018 World Cup.", q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    assert_eq!(g.features.negation_mismatch_share, 0.0, "{g:?}");
    let b = analyse("Italy qualified for the 2018 World Cup.", q, ctx);
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    // Without "to" the verb is a verb: "sales declined" denies nothing.
    let toks = tokens("Sales declined in 2019.");
    assert!(!negates("Sales declined in 2019.", &toks));
    let toks = tokens("The board declined to comment.");
    assert!(negates("The board declined to comment.", &toks));
    // A negation before one cancels it: "don't forget to" asks to remember.
    for affirmed in [
        "Don't forget to check out the sequel.",
        "She never failed to vote.",
    ] {
        assert!(!negates(affirmed, &tokens(affirmed)), "{affirmed}");
    }
}

#[test]
fn a_negation_that_without_follows_is_a_double_negation() {
    let ctx = "Pets are not permitted without the landlord's written consent. The deposit is \
               returned within 30 days.";
    let q = "Can I keep a cat?";
    let only_with = analyse("Only with the landlord's written consent.", q, ctx);
    assert_ne!(
        only_with.claims[0].status,
        ClaimStatus::Contradicted,
        "{only_with:?}"
    );
    assert_eq!(only_with.features.negation_mismatch_share, 0.0);
    // "without" alone negates nothing: an adjunct ("abandoned without food").
    let ctx2 = "She rescued the dog from a hillside where it was abandoned without food.";
    let rescued = analyse("She rescued the dog from a hillside.", "", ctx2);
    assert_eq!(rescued.features.negation_mismatch_share, 0.0, "{rescued:?}");
    // A comma ends the negation's reach.
    let toks = tokens("It is not cheap, without doubt.");
    assert!(negates("It is not cheap, without doubt.", &toks));
    let toks = tokens("You cannot enter the building without a badge.");
    assert!(!negates(
        "You cannot enter the building without a badge.",
        &toks
    ));
}

#[test]
fn an_elliptical_negated_clause_denies_of_the_clause_before_it() {
    let ctx = "Unused items can be returned within 30 days. Sale items can be exchanged but \
               not refunded.";
    let q = "Can I get my money back for a sale item?";
    let good = analyse(
        "Sale items can't be refunded, though you can exchange them.",
        q,
        ctx,
    );
    assert_eq!(good.features.negation_mismatch_share, 0.0, "{good:?}");
    let bad = analyse("Sale items can be refunded like any other item.", q, ctx);
    assert!(bad.features.negation_mismatch_share > 0.0, "{bad:?}");
    let wrong_half = analyse("Sale items cannot be exchanged.", q, ctx);
    assert!(
        wrong_half.features.negation_mismatch_share > 0.0,
        "{wrong_half:?}"
    );
}

#[test]
fn a_number_word_times_a_scale_word_is_one_number() {
    let ctx = "The firm said it would hire 1,500 engineers next year.";
    let q = "How many engineers will it hire?";
    let good = analyse("About fifteen hundred engineers.", q, ctx);
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    let bad = analyse("About five thousand engineers.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert_eq!(bad.claims[0].conflicts, ["\"5000\" vs \"1500\""]);
    let toks = tokens("two million and one hundred");
    assert_eq!(number_at(&toks, 0).as_deref(), Some("2000000"));
    assert_eq!(number_at(&toks, 1), None);
    assert_eq!(number_at(&toks, 4), None);
    assert_eq!(number_at(&toks, 3).as_deref(), Some("100"));
}

#[test]
fn an_approximator_of_a_number_is_no_content_word() {
    let ctx = "The wall was about 155 kilometres long.";
    let q = "How long was the wall?";
    let g = analyse("Roughly 155 kilometres.", q, ctx);
    assert_eq!(g.claims[0].support, 1.0, "{g:?}");
    let toks = tokens("close to 50, roughly twelve, roughly speaking");
    let approx: Vec<bool> = (0..toks.len())
        .map(|i| approximates_number(&toks, i))
        .collect();
    assert_eq!(
        approx,
        [true, true, false, true, false, false, false],
        "{toks:?}"
    );
}

#[test]
fn a_definite_description_names_the_entity_of_its_head() {
    let ctx = "The Great Barrier Reef stretches for over 2,300 kilometres. It lies off the \
               coast of Queensland, Australia.";
    let good = "The reef stretches for more than 2,300 kilometres off Queensland.";
    assert_contradicted(good, "", ctx, false);
    // A name of the run the claim does not describe still conflicts.
    let ctx2 = "The Great Barrier Reef lies off Queensland. The Ningaloo Reef lies off \
                Western Australia.";
    assert_contradicted("The reef lies off Victoria.", "", ctx2, true);
    let toks = tokens("The reef and the 5 towers of the Tower");
    let d: Vec<String> = definite_descriptions(&toks)
        .into_iter()
        .map(|c| c.into_owned())
        .collect();
    assert_eq!(d, ["reef"]);
}

#[test]
fn a_subject_swapped_for_the_subject_of_a_contrasting_clause_contradicts() {
    let ctx = "Neil Armstrong and Buzz Aldrin landed the lunar module Eagle on July 20, while \
               Michael Collins remained in lunar orbit aboard Columbia.";
    let q = "Which astronaut did not walk on the Moon?";
    let bad = analyse("Buzz Aldrin remained in orbit aboard Columbia.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert_eq!(bad.claims[0].conflicts, ["\"buzz\" vs \"michael\""]);
    let good = "Michael Collins remained in orbit aboard Columbia.";
    assert_contradicted(good, q, ctx, false);
    // A list's "and" and a relative clause join no independent clauses.
    let ctx2 = "Louisa Smith, 35, a mother to Darcy, 13, and Tilda, 2, was diagnosed with \
                osteosarcoma last year.";
    let listed = "Louisa Smith was diagnosed with osteosarcoma.";
    assert_contradicted(listed, "", ctx2, false);
}

#[test]
fn a_difference_of_two_whole_numbers_of_a_sentence_is_stated() {
    assert_eq!(
        number_gaps(&tokens("won 11 of its 17 games in 2022")),
        vec![6]
    );
    assert_eq!(number_gaps(&tokens("lost 24-17 to Denver")), vec![7]);
    let t = "In 2023, 30,000 climbers tried and about 45 percent of them reached the top.";
    assert_eq!(percent_shares(t, &tokens(t)), vec![13500]);
    let t = "Turnout was 62% of 1.5 million voters.";
    assert_eq!(percent_shares(t, &tokens(t)), vec![930000]);
    assert!(number_gaps(&tokens("3.5 million and 2 million")).is_empty());
    // Only numbers next to each other: 24 − 18 = 6 is no number the sentence states.
    let t = "teenagers aged 13 to 18 get 8 to 10 hours of sleep every 24 hours";
    assert_eq!(number_gaps(&tokens(t)), vec![5, 10, 2, 14]);
    // Numbers of two different units have no difference: months of service and weeks of leave.
    let t = "Employees with less than 12 months' service receive 10 weeks at full base pay.";
    assert!(number_gaps(&tokens(t)).is_empty());
    assert_eq!(number_gaps(&tokens("from 10 weeks to 12 weeks")), vec![2]);
    let g = analyse(
        "Teenagers need five to six hours of sleep.",
        "How much sleep do teenagers need?",
        &format!("The American Academy of Sleep Medicine recommends that {t}."),
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let ctx = "In the 2022 season, the team won 11 of its 17 games.";
    let g = analyse("They went 11-6.", "How did the team do?", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    assert_eq!(g.source_gaps, vec![6]);
}

#[test]
fn a_number_of_another_label_is_another_thing() {
    let ctx = "Python 3.12 was released on October 2, 2023. It removed the distutils package, \
               which had been deprecated in Python 3.10, and added the syntax of PEP 695.";
    let q = "When was distutils removed from Python?";
    let good = "It was removed in Python 3.12, after being deprecated in 3.10.";
    assert_contradicted(good, q, ctx, false);
    // The same label's number is the value swapped.
    let bad = "The distutils package was deprecated in Python 3.11 and removed.";
    assert_contradicted(bad, q, ctx, true);
    let toks = tokens("It came with PEP 695 in June 5 releases.");
    let text = "It came with PEP 695 in June 5 releases.";
    assert_eq!(number_label(text, &toks, "695"), Some("PEP"));
    assert_eq!(number_label(text, &toks, "5"), None);
}

#[test]
fn a_number_the_claim_states_in_another_unit_is_no_restatement() {
    let ctx = "Armstrong and Aldrin landed on July 20. They spent about 21.5 hours on the \
               surface and collected 21.5 kg of samples.";
    let claim = |t: &str| analyse(t, "Summarize the landing.", ctx).claims[0].clone();
    let bad =
        claim("They spent about 21.5 hours on the surface and brought back 47 kg of samples.");
    assert_eq!(bad.status, ClaimStatus::Contradicted, "{bad:?}");
    assert_eq!(bad.conflicts, ["\"47\" vs \"21.5\""]);
    let good =
        claim("They spent about 21.5 hours on the surface and collected 21.5 kg of samples.");
    assert_ne!(good.status, ClaimStatus::Contradicted, "{good:?}");
}

#[test]
fn a_span_between_two_years_of_a_sentence_is_stated() {
    let toks = tokens("Victoria reigned from 1837 until her death in 1901, aged 81.");
    assert_eq!(year_gaps(&toks), vec![64]);
    assert_eq!(
        year_gaps(&tokens("Founded in 1066, rebuilt in 1700 and 1750.")),
        vec![634, 684, 50]
    );
    // A dynasty's or an empire's span is longer than a life.
    assert_eq!(
        year_gaps(&tokens(
            "The best-known sections were built by the Ming dynasty (1368–1644)."
        )),
        vec![276]
    );
    assert!(year_gaps(&tokens("Born in 1900.")).is_empty());
    let ctx = "John Smith was born in 1900 and died in 1950 in Boston. He moved there in 1930.";
    let q = "How old was he when he died?";
    let good = analyse("He was 50 when he died.", q, ctx);
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    // Years of two sentences state no span (1950 − 1930), and a wrong age is still novel.
    for bad in ["He was 20 when he died.", "He was 65 when he died."] {
        let b = analyse(bad, q, ctx);
        assert_ne!(b.claims[0].status, ClaimStatus::Supported, "{bad}: {b:?}");
    }
}

#[test]
fn porter_inflection_matches_porters_examples() {
    // Porter (1980), steps 1b, 1c, 5a, 5b; the plural "s" goes first (`normal_form`).
    for (w, stem) in [
        ("plastered", "plaster"),
        ("motoring", "motor"),
        ("conflated", "conflat"),
        ("hopping", "hop"),
        ("tanned", "tan"),
        ("hissing", "hiss"),
        ("fizzed", "fizz"),
        ("failing", "fail"),
        ("filing", "file"),
        ("agreed", "agre"),
        ("happy", "happi"),
        ("probate", "probat"),
        ("controll", "control"),
        ("mixed", "mix"),
        ("mixing", "mix"),
        ("produce", "produc"),
        ("produced", "produc"),
        ("cease", "ceas"),
    ] {
        let got = match porter_inflection(w) {
            Some(Stem::Prefix(n)) => w[..n].to_string(),
            Some(Stem::Owned(o)) => o,
            None => w.to_string(),
        };
        assert_eq!(got, stem, "{w}");
    }
    for w in [
        "bled", "sing", "feed", "fall", "rate", "white", "make", "méxico",
    ] {
        assert_eq!(porter_inflection(w), None, "{w}");
    }
}

#[test]
fn an_inflected_word_supports_its_claim() {
    let ctx = "In the RGB color model, the three primary colors of light are red, green and \
               blue. Mixing them in equal intensity produces white.";
    let g = analyse(
        "When mixed in equal intensity, they produce white.",
        "What are the primary colors of light?",
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
}

#[test]
fn a_negated_verb_phrase_coordinated_by_and_denies_only_its_own_conjunct() {
    // "… are final sale and cannot be returned": the negation scopes over the second verb
    // phrase, so a claim of the first predicate agrees and one of the second is judged by it.
    let ctx = "Returns are accepted within 30 days of purchase with a receipt. Sale items are \
               final sale and cannot be returned. Gift cards are non-refundable.";
    let q = "Can I return the jacket I bought on sale last week?";
    for right in [
        "Sorry, sale items are final sale, so the jacket can't be returned.",
        "Sale items are final sale.",
        "Sale items are final sale and cannot be returned.",
    ] {
        assert_contradicted(right, q, ctx, false);
    }
    for wrong in [
        "Sale items are final sale and can be returned.",
        "Sale items can be returned.",
        "Sale items are not final sale.",
    ] {
        assert_contradicted(wrong, q, ctx, true);
    }
    let text = "Sale items are final sale and cannot be returned.";
    let toks = tokens(text);
    let split = split_coordinated_negation(text, &toks, &clause_ranges(text, &toks));
    assert_eq!(split.len(), 2, "{split:?}");
    // An "and" between nouns, or before an affirmed verb, splits nothing.
    for text in [
        "Cats and dogs are not allowed.",
        "The museum opens at 10am and closes at 6pm.",
    ] {
        let toks = tokens(text);
        let ranges = clause_ranges(text, &toks);
        assert_eq!(
            split_coordinated_negation(text, &toks, &ranges),
            ranges,
            "{text}"
        );
    }
}

#[test]
fn a_negation_before_until_states_the_event_at_its_time() {
    // "not … until X" asserts the event at X (Karttunen 1974).
    let ctx = "Version 3.8.0 deprecated the --legacy-auth option; it isn't due to be removed \
               until 4.0.";
    let q = "When will --legacy-auth be removed?";
    assert_contradicted("It will be removed in 4.0.", q, ctx, false);
    assert_contradicted("The option will never be removed.", q, ctx, true);
    for (text, negated) in [
        ("The museum does not open until 10am.", false),
        ("It isn't due to be removed until 4.0.", false),
        ("The museum does not open on Mondays.", true),
        ("It is not open. Until then, wait.", true),
    ] {
        assert_eq!(negates(text, &tokens(text)), negated, "{text}");
    }
}

#[test]
fn a_yes_no_questions_words_are_not_given_to_the_answer_that_restates_them() {
    // "Does the hotel have a spa?" presupposes no spa: an answer that restates the question
    // must find "spa" in the sources, whichever its polarity.
    let ctx = "Our hotel offers free Wi-Fi in all rooms, an outdoor pool open May to September, \
               and a fitness centre open 24 hours.";
    for text in ["Yes, the hotel has a spa.", "Yes.", "No."] {
        let g = analyse(text, "Does the hotel have a spa?", ctx);
        assert!(g.claims[0].support < 1.0, "{text}: {g:?}");
        assert_ne!(
            g.claims[0].status,
            ClaimStatus::Contradicted,
            "{text}: {g:?}"
        );
    }
    // What the sources state stays given ("pool" is in them); a wh-question presupposes its
    // words ("What can guests do at the spa?" grants the spa); a bare reply with reasons
    // after it is judged by its polarity, its reasons by their words.
    for (text, q) in [
        ("Yes, the hotel has a pool.", "Does the hotel have a pool?"),
        (
            "The hotel has a spa.",
            "What can guests do at the hotel's spa?",
        ),
        (
            "No. It offers a pool and a fitness centre.",
            "Does the hotel have a spa?",
        ),
        // An abstention is what sources silent on the asked thing support.
        (
            "The information does not mention a spa.",
            "Does the hotel have a spa?",
        ),
    ] {
        let g = analyse(text, q, ctx);
        assert_eq!(g.claims[0].support, 1.0, "{text}: {g:?}");
    }
    // An abstention is not what sources that state the asked thing support.
    let stated = analyse(
        "The information does not mention a pool.",
        "Does the hotel have a pool?",
        ctx,
    );
    assert!(stated.claims[0].support < 1.0, "{stated:?}");
    for (q, proposition) in [
        ("Does the hotel have a spa?", true),
        ("Do you ship to Norway?", true),
        ("Do you know who directed Titanic?", false),
        ("Can you tell me when it opened?", false),
        ("Are you a big fan of jazz?", false),
        ("Did you see it?", false),
        ("Is that correct?", false),
        (
            "Was she a novelist just as much as he was an economist?",
            false,
        ),
    ] {
        assert_eq!(asks_proposition(&tokens(q)), proposition, "{q}");
    }
}

#[test]
fn a_yes_no_question_of_the_sources_that_no_reply_answers_asserts_nothing() {
    // "Do you ship to Norway?" with an answer that lists other countries states no shipping
    // to Norway; answered "Yes." it does.
    let q = "Can you deliver to Oslo, Norway?";
    let unanswered = "Shipping\nDo you ship to Norway?\nWe currently ship to EU countries and the \
                      UK only.";
    let g = analyse("Yes, we ship to Norway.", q, unanswered);
    assert!(g.claims[0].support < 1.0, "{g:?}");
    let answered = "Q: Do you ship to Norway?\nA: Yes, we ship to all of Europe.";
    let g = analyse("Yes, we ship to Norway.", q, answered);
    assert_eq!(g.claims[0].support, 1.0, "{g:?}");
    let spans = |c: &str| source_sentence_spans(c);
    let c = "Do you ship to Norway?\nWe ship to the EU.";
    assert!(unanswered_polar(c, &spans(c), 0));
    for c in [
        "Do you ship to Norway?\nYes, to all of Europe.",
        "Q: Do you ship to Norway?\nA: No. We ship to the EU only.",
        "When did the museum open?\nIt opened in 1901.",
    ] {
        assert!(!unanswered_polar(c, &spans(c), 0), "{c}");
    }
}

#[test]
fn polarity_is_judged_per_clause() {
    // One sentence that affirms one thing and denies another: each claim is judged against
    // the clause that states it.
    let cases = [
        (
            "Is Pluto a planet?",
            "Pluto was discovered in 1930 and was long considered the ninth planet. In 2006 \
             the International Astronomical Union reclassified Pluto as a dwarf planet, so it \
             is no longer considered a planet.",
            &[
                "No, Pluto is not considered a planet.",
                "It has been a dwarf planet since 2006.",
            ][..],
            &[
                "Yes, Pluto is a planet.",
                "Pluto is still considered the ninth planet.",
            ][..],
        ),
        (
            "Did Einstein win the Nobel Prize for relativity?",
            "Albert Einstein received the 1921 Nobel Prize in Physics for his explanation of \
             the photoelectric effect, not for his theory of relativity.",
            &["No, it was awarded for the photoelectric effect."][..],
            &["Yes, he won the 1921 Nobel Prize for his theory of relativity."][..],
        ),
        (
            "Which river is the largest?",
            "The Amazon is the largest river by discharge and the second longest river.",
            &[
                "The Amazon is not only the largest river by discharge but also the second \
               longest.",
            ][..],
            &["The Amazon is not the largest river by discharge."][..],
        ),
        (
            "Can penguins fly?",
            "Penguins are birds, but they cannot fly. They use their wings to swim.",
            &[
                "Penguins cannot fly.",
                "Penguins are birds but they can't fly.",
            ][..],
            &["Yes, penguins can fly.", "Penguins are not birds."][..],
        ),
        (
            // A denial of what the sources never mention is no contradiction of them.
            "Is aspirin an antibiotic?",
            "Aspirin, also known as acetylsalicylic acid, is used to reduce pain, fever and \
             inflammation.",
            &["Aspirin is a pain and fever reliever, not an antibiotic."][..],
            &["Aspirin does not reduce pain or fever."][..],
        ),
        (
            // A clause of names alone is judged by its names.
            "Was Holly Hunter in Saving Grace?",
            "Holly Hunter starred in Saving Grace. It is a fantasy drama.",
            &["Yes, she starred in Saving Grace, a fantasy drama."][..],
            &["No, Holly Hunter wasn't in Saving Grace, but she did star in a fantasy drama."][..],
        ),
        (
            // A relative clause denies only what it says.
            "When was Python 3.0 released?",
            "Python 3.0, released on 3 December 2008, was a major revision of the language \
             that is not completely backward-compatible with earlier versions.",
            &["Python 3.0 was released on December 3, 2008."][..],
            &["Python 3.0 is completely backward-compatible with earlier versions."][..],
        ),
        (
            // A word that opens the source sentence is a name where the claim writes it
            // mid-sentence: "Python" is held on both sides.
            "Is Python 3 backward compatible with Python 2?",
            "Python 3.0, released in 2008, was a major revision not completely \
             backward-compatible with earlier versions.",
            &["No, Python 3.0 was not completely backward-compatible with earlier versions."][..],
            &["Yes, Python 3.0 is fully backward-compatible with earlier versions."][..],
        ),
        (
            // What a verb of ending states ended no longer holds: "no longer" restates it.
            "Who ran the company in 1998?",
            "In 1995 Samuel stepped back from day-to-day operations, handing the CEO role to \
             his son David.",
            &["Samuel was no longer running day-to-day operations after 1995."][..],
            &["Samuel was still running day-to-day operations and never stepped back."][..],
        ),
        (
            // A sentence opened by a subordinate clause: its main clause after the comma.
            "Can penguins fly?",
            "Penguins are flightless birds. Although they cannot fly, they are excellent \
             swimmers, using their wings as flippers.",
            &["No, penguins can't fly, but they swim very well using their wings as flippers."][..],
            &["They are excellent swimmers, and they can fly."][..],
        ),
        (
            // A negation that states much the claim does not denies something else.
            "Who wrote Pride and Prejudice?",
            "Pride and Prejudice is an 1813 novel by Jane Austen, who did not publish under \
             her own name during her lifetime.",
            &["Jane Austen wrote Pride and Prejudice, which was published in 1813."][..],
            &["Jane Austen published under her own name during her lifetime."][..],
        ),
        (
            // "closed" states what "not open" does.
            "Is the museum open on Mondays?",
            "The City Museum is open Tuesday to Sunday from 10 am to 6 pm. It is not open on \
             Mondays, except on public holidays.",
            &["No, it is closed on Mondays unless it is a public holiday."][..],
            &["It is open on Mondays, except on public holidays."][..],
        ),
        (
            // The determiner "no" negates; within a name it does not.
            "Did the treaty end the war?",
            "The ceasefire was signed in 1953, but no peace treaty was ever concluded. The No \
             Gun Ri report was published in 2001.",
            &[
                "No. Only a ceasefire was signed in 1953; there was never a peace treaty.",
                "The No Gun Ri report was published in 2001.",
            ][..],
            &["A peace treaty was concluded after the ceasefire."][..],
        ),
    ];
    for (q, ctx, goods, bads) in cases {
        for good in goods {
            let g = analyse(good, q, ctx);
            assert!(
                g.claims
                    .iter()
                    .all(|c| c.status != ClaimStatus::Contradicted),
                "{good}: {g:?}"
            );
        }
        for bad in bads {
            let b = analyse(bad, q, ctx);
            assert_eq!(
                b.claims[0].status,
                ClaimStatus::Contradicted,
                "{bad}: {b:?}"
            );
            assert!(b.features.negation_mismatch_share > 0.0, "{bad}");
        }
    }
}

#[test]
fn a_number_spanning_a_year_of_the_claim_and_one_of_the_sources_is_given() {
    let (q, ctx) = (
        "When did she join the company?",
        "Maria joined Globex in 2015 after spending six years at Initech. She became chief \
         financial officer in 2019.",
    );
    for good in [
        "She joined Globex in 2015, four years before becoming CFO.",
        "She joined Globex in 2015, 4 years before becoming CFO.",
    ] {
        let g = analyse(good, q, ctx);
        assert_ne!(
            g.claims[0].status,
            ClaimStatus::Contradicted,
            "{good}: {g:?}"
        );
    }
    // Without the year it counts from, or counting to no year of the sources, it is not.
    let bad = analyse(
        "She joined Globex after spending four years at Initech.",
        q,
        ctx,
    );
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    let bad = analyse(
        "She joined Globex in 2015, five years before becoming CFO.",
        q,
        ctx,
    );
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn month_names_are_dates_and_approximate_numbers_keep_their_unit() {
    assert!(CALENDAR_NAMES.windows(2).all(|w| w[0] < w[1]));
    for m in crate::text::MONTH_NAMES {
        assert!(CALENDAR_NAMES.binary_search(&m).is_ok(), "{m}");
    }
    // A month conflicts with months only, not with the place of the aligned sentence.
    let ctx = "Spotify was founded in 2006 in Stockholm by Daniel Ek and Martin Lorentzon. It \
               launched its service in October 2008.";
    let q = "When was the company founded and by whom?";
    let good = analyse(
        "Spotify was founded by Daniel Ek and Martin Lorentzon in 2006, and it launched in \
         October 2008.",
        q,
        ctx,
    );
    assert!(
        good.claims
            .iter()
            .all(|c| c.status != ClaimStatus::Contradicted),
        "{good:?}"
    );
    let bad = analyse("It launched its service in March 2008.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    // An approximate number derived from the sources' is no swap for one of another unit;
    // one of the same unit still is.
    let (q, ctx) = (
        "What share of the vote did she get?",
        "Smith won the election with 54.3 percent of the vote, while her opponent received \
         45.7 percent.",
    );
    let good = analyse(
        "She got 54.3% of the vote, about nine points more than her opponent.",
        q,
        ctx,
    );
    assert!(
        good.claims
            .iter()
            .all(|c| c.status != ClaimStatus::Contradicted),
        "{good:?}"
    );
    let bad = analyse("She got about 60 percent of the vote.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn a_name_of_the_question_must_stand_in_the_claims_sentence() {
    // The question's subject, stated by the passage, is judged as the claim's own: a claim
    // that puts it beside another sentence's predicate is contradicted.
    let (q, ctx) = (
        "Which company makes the Walkman?",
        "The Walkman is a line of portable audio players designed and marketed by Sony. The \
         Galaxy S series is made by Samsung Electronics.",
    );
    let bad = analyse("The Walkman is made by Samsung.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    let good = analyse("The Walkman is made by Sony.", q, ctx);
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
}

#[test]
fn the_question_window_tells_the_answer_from_another_name_in_the_passage() {
    let ctx = "Canberra is the capital city of Australia. Sydney is its largest city.";
    let q = "What is the capital of Australia?";
    let good = analyse("Canberra", q, ctx).features;
    let bad = analyse("Sydney", q, ctx).features;
    assert_eq!((good.new_support_share, bad.new_support_share), (1.0, 1.0));
    assert_eq!(good.answer_question_alignment, 1.0);
    // In sentence form the swapped name contradicts the sentence that states the capital.
    let g = analyse("The capital of Australia is Sydney.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    assert!(
        g.claims[0].conflicts[0].contains("sydney")
            && g.claims[0].conflicts[0].contains("canberra")
    );
    assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
}

#[test]
fn a_bridge_sentence_answers_the_rest_of_the_question() {
    let ctx = "The Princess Bride is a soundtrack album by the singer Mark Knopfler, released in \
        1987. He was born in Glasgow but raised near Newcastle upon Tyne. The album was \
        recorded in London.";
    let q = "Where was the singer who composed The Princess Bride soundtrack born?";
    let good = analyse("Glasgow", q, ctx).features;
    let bad = analyse("London", q, ctx).features;
    assert_eq!(good.answer_question_alignment, 1.0, "{good:?}");
    assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
    // A bridge through a name, not a pronoun.
    let ctx = "The Princess Bride soundtrack was composed by Mark Knopfler. Knopfler grew up \
        in Newcastle and was born in Glasgow. The film was shot in London.";
    let good = analyse("Glasgow", q, ctx).features;
    let bad = analyse("London", q, ctx).features;
    assert_eq!(good.answer_question_alignment, 1.0, "{good:?}");
    assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
}

#[test]
fn a_sentence_that_opens_with_the_pronoun_continues_the_question_sentence() {
    let ctx = "Mount Everest, on the border between Nepal and China, is Earth's highest \
        mountain above sea level. Its elevation of 8,849 metres was established by a 2020 \
        survey. Climbers reach base camp from Lukla.";
    let q = "How high is Mount Everest?";
    let good = analyse("8,849 metres", q, ctx).features;
    let bad = analyse("Lukla", q, ctx).features;
    assert_eq!(good.answer_question_alignment, 1.0, "{good:?}");
    assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
}

#[test]
fn a_scale_word_heading_a_compound_scales_its_number() {
    let ctx = "The mission cost 410 million euros and was delayed twice. A 19th-century \
        roof was restored.";
    for claim in [
        "The 410-million-euro mission was delayed twice.",
        "The mission, a 410 million-euro project, was delayed twice.",
    ] {
        let g = analyse(claim, "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{claim}: {g:?}");
    }
    let g = analyse("The 510-million-euro mission was delayed twice.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn an_initialism_in_the_possessive_is_found_spelled_out() {
    let ctx = "The European Space Agency launched its Aurora weather satellite on Wednesday \
        from Kourou, French Guiana.";
    let g = analyse(
        "ESA's Aurora satellite launched on Wednesday from Kourou.",
        "",
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
}

#[test]
fn a_bare_number_is_a_claim() {
    let ctx = "The tower was completed in 1889. The lift was added in 1925.";
    let q = "When was the tower completed?";
    let good = analyse("1889", q, ctx);
    let bad = analyse("1925", q, ctx);
    let novel = analyse("1887.", q, ctx);
    assert_eq!(good.claims.len(), 1, "{good:?}");
    assert_eq!(good.features.answer_question_alignment, 1.0, "{good:?}");
    assert!(bad.features.answer_question_alignment < 0.5, "{bad:?}");
    // A number the sources lack has no sentence to align with: unsupported, and novel.
    assert_eq!(
        novel.claims[0].status,
        ClaimStatus::Unsupported,
        "{novel:?}"
    );
    assert_eq!(
        novel.features.answer_question_alignment.to_bits(),
        0.0f64.to_bits()
    );
    // Without a digit or a letter there is no claim.
    assert!(analyse("—", q, ctx).claims.is_empty());
}

#[test]
fn without_before_a_gerund_denies_its_own_clause() {
    let ctx = "Tesla studied engineering and physics in the 1870s without receiving a \
        degree. In 1884 he emigrated to the United States.";
    let q = "Did Tesla finish his engineering degree?";
    let status = |text: &str| analyse(text, q, ctx).claims[0].status;
    assert_eq!(
        status("Yes, he received a degree in engineering in the 1870s."),
        ClaimStatus::Contradicted
    );
    assert_ne!(
        status("No, he studied engineering and physics but did not receive a degree."),
        ClaimStatus::Contradicted
    );
    // The rest of the sentence stays affirmed.
    assert_ne!(
        status("Tesla studied engineering and physics in the 1870s."),
        ClaimStatus::Contradicted
    );
    // The clause ends at punctuation: what follows it is affirmed.
    let ctx = "It is the final song on the album Nevermind (without counting the secret \
        track), released on September 24, 1991 by DGC Records.";
    let g = analyse("September 24, 1991", "When was Nevermind released?", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A "without" that cancels a negation, and one before a noun, deny nothing.
    let ctx = "Visitors cannot enter the building without showing a pass.";
    assert_ne!(
        analyse("Visitors must show a pass to enter.", "", ctx).claims[0].status,
        ClaimStatus::Contradicted
    );
    let ctx = "The crew abandoned the ship without food.";
    assert_ne!(
        analyse("The crew abandoned the ship.", "", ctx).claims[0].status,
        ClaimStatus::Contradicted
    );
}

#[test]
fn the_answer_stands_nearer_the_question_words_than_its_rivals() {
    let ctx = "The Normans descended from Norse raiders and pirates who, under their leader \
        Rollo, agreed to swear fealty to King Charles III of West Francia.";
    let q = "Who was the leader of the Norse raiders?";
    let good = analyse("Rollo", q, ctx).features;
    let bad = analyse("Charles III", q, ctx).features;
    let sentence = analyse("Their leader was King Charles III.", q, ctx).features;
    assert_eq!(good.answer_question_proximity, 1.0, "{good:?}");
    assert!(bad.answer_question_proximity < 0.5, "{bad:?}");
    assert!(sentence.answer_question_proximity < 0.5, "{sentence:?}");
    // Not judged without a question, or for a word that is no name, number or date.
    assert_eq!(
        analyse("Charles III", "", ctx)
            .features
            .answer_question_proximity,
        1.0
    );
    assert_eq!(
        analyse("pirates", q, ctx)
            .features
            .answer_question_proximity,
        1.0
    );
}

#[test]
fn a_name_spelled_out_is_found_by_the_initialism_the_sources_write() {
    let ctx = "Austin is the capital of the U.S. state of Texas. The EU and NASA agreed.";
    let q = "What is the capital of Texas?";
    for good in [
        "It is Austin, a city in the United States.",
        "The European Union agreed.",
    ] {
        let g = analyse(good, q, ctx);
        assert_eq!(g.claims[0].conflicts, Vec::<String>::new(), "{good}: {g:?}");
    }
    // Initials that spell nothing the sources write stay names the sources lack.
    let support = |t: &str| analyse(t, q, ctx).claims[0].support;
    let us = support("It is Austin, a city in the United States.");
    let uk = support("It is Austin, a city in the United Kingdom.");
    assert!(us > uk, "{us} {uk}");
}

#[test]
fn the_unit_of_a_restated_quantity_is_found_with_its_number() {
    let ctx = "The bridge is 2.7 kilometres long and carries six lanes of traffic.";
    let q = "How long is the bridge?";
    let g = analyse("The bridge is 2,700 metres long.", q, ctx);
    assert_eq!(g.claims[0].support, 1.0, "{g:?}");
    let g = analyse("The bridge is 2,700 feet long.", q, ctx);
    assert!(g.claims[0].support < 1.0, "{g:?}");
}

#[test]
fn a_share_in_words_states_a_percentage() {
    let ctx = "In the survey of 2,000 employees, 50% said they preferred fully remote work, \
               while 24 per cent preferred a hybrid arrangement.";
    let q = "What share of respondents preferred remote work?";
    for good in [
        "Half of them preferred fully remote work.",
        "A quarter of them preferred a hybrid arrangement.",
    ] {
        let g = analyse(good, q, ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{good}: {g:?}");
    }
    for bad in [
        "A third of them preferred fully remote work.",
        "Three quarters of them preferred fully remote work.",
        "Two-thirds of them preferred fully remote work.",
    ] {
        let g = analyse(bad, q, ctx);
        assert_eq!(
            g.claims[0].status,
            ClaimStatus::Contradicted,
            "{bad}: {g:?}"
        );
    }
    // A part of a sequence is no share: "the second half of the year" states no 50%.
    let toks = tokens("in the second half of the year and a third of voters");
    let shares: Vec<Option<f64>> = (0..toks.len()).map(|i| share_at(&toks, i)).collect();
    assert_eq!(shares.iter().flatten().count(), 1, "{shares:?}");
}

#[test]
fn every_fraction_word_passes_the_last_letter_test_of_fraction_at() {
    // `fraction_at` rejects a token by its last letter before comparing it with FRACTIONS.
    for (d, numerators) in numbers::FRACTIONS {
        for (n, percent) in *numerators {
            for text in [
                format!("{n} {d}"),
                format!("{n}-{d}"),
                format!("{} {}", n, d.to_uppercase()),
            ] {
                let toks = tokens(&text);
                assert_eq!(
                    numbers::fraction_at(&toks, toks.len() - 1),
                    Some(*percent),
                    "{text}"
                );
            }
        }
    }
    assert_eq!(numbers::fraction_at(&tokens("HALF"), 0), Some(50.0));
}

#[test]
fn a_direction_is_compared_with_the_clause_about_the_same_things() {
    let ctx = "The museum is open Tuesday to Sunday, 10:00 to 18:00. It is closed on Mondays \
               and public holidays.";
    let q = "Is the museum open on Mondays?";
    let bad = analyse("Yes, it is open on Mondays from 10:00 to 18:00.", q, ctx);
    assert_eq!(
        bad.claims[0].conflicts,
        ["\"open\" vs \"closed\""],
        "{bad:?}"
    );
    let good = analyse("It is open on Sundays from 10:00 to 18:00.", q, ctx);
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
}

#[test]
fn a_year_in_common_says_which_clause_a_direction_is_compared_with() {
    // The claim shares a name with the clause that says "opened" and its year with the one
    // that says "closed": the event of 1991 is the closing.
    let ctx = "The Hartwell Lumber and Paper Company opened a sawmill on the river in 1894 and \
               added a pulp and paper mill in 1927. The paper mill closed in 1991, and the \
               sawmill followed in 1998.";
    let q = "When did the paper mill close?";
    let good = analyse("The Hartwell paper mill closed in 1991.", q, ctx);
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    let bad = analyse("The Hartwell paper mill opened in 1991.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn a_sentence_opening_with_a_pronoun_is_about_the_name_before_it() {
    // "It" of the second sentence is the City Museum of the first (centering): the claim's
    // "closed on Mondays" is compared with it, not with the first sentence's "open".
    let ctx = "The City Museum is open Tuesday to Sunday, 10am to 6pm. It is closed on Mondays \
               except on public holidays. Admission is free on the first Sunday of each month.";
    let q = "Is the museum open on Mondays?";
    let good = analyse(
        "No, the City Museum is closed on Mondays, unless the Monday is a public holiday.",
        q,
        ctx,
    );
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    // Without the pronoun's antecedent the clause about the City Museum is the first one.
    let bad = analyse("The City Museum is closed on Sundays.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn a_relation_read_from_its_other_end_is_no_antonym() {
    // "A is the younger sister of B" states that B is the older sister of A.
    let ctx = "Princess Benedikte was born in 1944. She is the younger sister of Queen \
               Margrethe, and the older sister of Queen Anne-Marie of Greece.";
    let q = "Who is the older sister of Princess Benedikte?";
    let good = analyse(
        "The older sister of Princess Benedikte is Queen Margrethe.",
        q,
        ctx,
    );
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    // Said of the same one, the antonym conflicts.
    let bad = analyse(
        "Princess Benedikte is the older sister of Queen Margrethe.",
        q,
        ctx,
    );
    assert_eq!(
        bad.claims[0].conflicts,
        ["\"older\" vs \"younger\""],
        "{bad:?}"
    );
}

#[test]
fn a_year_recombined_with_an_event_another_sentence_dates_is_contradicted() {
    let ctx = "The Golden Gate Bridge opened to traffic in May 1937. Its main span is 1,280 \
               metres long, and it was the longest suspension bridge main span in the world until \
               1964.";
    let bad = analyse(
        "The Golden Gate Bridge opened in 1964 and still holds the record for the longest main \
         span in the world.",
        "",
        ctx,
    );
    assert_eq!(bad.claims[0].conflicts, ["\"1964\" vs \"1937\""], "{bad:?}");
    let good = analyse(
        "The Golden Gate Bridge opened in 1937 and held the record for the longest main span \
         until 1964.",
        "",
        ctx,
    );
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
}

#[test]
fn an_iso_date_states_its_month_and_day() {
    let ctx = "Signed: 2023-04-05 by both parties in Geneva.";
    let q = "When was the contract signed?";
    let good = analyse(
        "The contract was signed on April 5, 2023, in Geneva.",
        q,
        ctx,
    );
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    let bad = analyse("The contract was signed on May 4, 2023, in Geneva.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert!(bad.claims[0]
        .conflicts
        .contains(&"\"may\" vs \"april\"".to_string()));
    // The other way round: an answer's ISO date against a date written out.
    let ctx = "Both parties signed the contract in Geneva on 5 April 2023.";
    let good = analyse("It was signed on 2023-04-05.", q, ctx);
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
}

#[test]
fn an_initialism_that_is_a_stop_word_is_found_by_its_name_spelled_out() {
    let ctx = "The WHO panel on antimicrobial resistance is chaired by Dr. Maria Lopez.";
    let q = "Who leads the panel?";
    let g = analyse(
        "Dr. Maria Lopez chairs the World Health Organization panel.",
        q,
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // A run of capitals is shouting, not initialisms; "AM" after a number is a time.
    let ctx = "Ask us WHO IS IN charge here. The shop opens at 10 AM in Madrid.";
    let g = analyse("The World Health Organization opens in Madrid.", q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
}

#[test]
fn the_pronoun_carries_the_subject_not_the_other_names_of_the_sentence() {
    // "They" are the Normans: the sentence after says nothing of Normandy's country.
    let ctx = "The Normans were the people who in the 10th and 11th centuries gave their \
        name to Normandy, a region in France. They were descended from Norse raiders and \
        pirates from Denmark, Iceland and Norway.";
    let q = "In what country is Normandy located?";
    let good = analyse("France", q, ctx).features;
    let bad = analyse("Denmark", q, ctx).features;
    assert_eq!(good.answer_question_alignment, 1.0, "{good:?}");
    assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
}

#[test]
fn verbs_of_change_and_up_or_down_before_a_number_are_directions() {
    let ctx = "Northwind reported revenue of $2.4 billion, up 8% from a year earlier. It \
               raised its full-year guidance and said it would open 40 new stores.";
    for (claim, conflict) in [
        ("Northwind's revenue fell 8% to $2.4 billion.", true),
        ("Northwind's revenue grew 8% to $2.4 billion.", false),
        ("It cut its full-year guidance.", true),
        ("It raised its full-year guidance.", false),
    ] {
        let g = analyse(claim, "", ctx);
        assert_eq!(
            g.claims[0].status == ClaimStatus::Contradicted,
            conflict,
            "{claim}: {g:?}"
        );
    }
    // "up from" and the number changed from is a change too.
    let ctx = "Visitor numbers at Lakeside National Park reached 1.2 million last year, up from \
               950,000 the year before, the park service said.";
    let bad = "About 950,000 people visited last year, down from 1.2 million the year before.";
    let g = analyse(bad, "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let good = "About 1.2 million people visited last year, up from 950,000 the year before.";
    let g = analyse(good, "", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let ctx = "Output rose in 2022. The plant was shut down from 2019 to 2021.";
    let g = analyse("The plant was shut down from 2019 to 2021.", "", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // "up" without a percentage or points is a particle.
    for claim in [
        "The handler woke up 14 minutes into the flight, when a bag fell on him.",
        "The company set up a fund that fell in value.",
    ] {
        let g = analyse(
            claim,
            "",
            "The handler woke up 14 minutes into the flight. A bag fell on him. The company \
             set up a fund that fell in value.",
        );
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    }
}

#[test]
fn a_number_in_another_numbers_slot_is_contradicted() {
    let ctx = "The central library closed for renovation in 2015 and reopened in 2019 with a \
               new children's wing. Its founder was born in 1950; his brother was born in \
               1952.";
    let q = "What year did the library reopen?";
    let bad = analyse("It reopened in 2015.", q, ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert_eq!(bad.claims[0].conflicts, ["\"2015\" vs \"2019\""]);
    let good = analyse("It reopened in 2019.", q, ctx);
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    // A slot the sentence also fills with the claim's number.
    let g = analyse("Its founder was born in 1950.", "", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A percentage's slot is the word before it: what the share measures.
    let ctx = "The Green Party won 14.8 percent of the vote, up from 8.9 percent in the \
               previous election.";
    let q = "What share of the vote did the party win?";
    let bad = analyse("It won 8.9% of the vote.", q, ctx);
    assert_eq!(bad.claims[0].conflicts, ["\"8.9\" vs \"14.8\""], "{bad:?}");
    let good = analyse("It won 14.8% of the vote.", q, ctx);
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    // Without a word before it, what the share is of.
    let ctx = "About 71 percent of the Earth's surface is water-covered, and the oceans hold \
               about 96.5 percent of all Earth's water.";
    let q = "How much of Earth's surface is covered by water?";
    let bad = analyse(
        "Roughly 96.5% of Earth's surface is covered by water.",
        q,
        ctx,
    );
    assert_eq!(bad.claims[0].conflicts, ["\"96.5\" vs \"71\""], "{bad:?}");
    let good = analyse(
        "Roughly 71% of Earth's surface is covered by water.",
        q,
        ctx,
    );
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
}

#[test]
fn a_number_stated_as_another_quantity_is_contradicted() {
    let ctx = "The Great Barrier Reef is composed of over 2,900 individual reefs and 900 \
               islands stretching for over 2,300 kilometres over an area of approximately \
               344,400 square kilometres.";
    let q = "How long is the Great Barrier Reef?";
    let bad = analyse("It stretches for about 900 kilometres.", q, ctx);
    assert_eq!(
        bad.claims[0].conflicts,
        ["\"900 kilometres\" vs \"2,300 kilometres\""],
        "{bad:?}"
    );
    let good = analyse("It stretches for more than 2,300 kilometres.", q, ctx);
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    // The counts and the area are no rivals of the length for a question of length.
    assert_eq!(good.features.answer_question_proximity, 1.0, "{good:?}");
    // The number stated with the claim's dimension too, or no other value of it.
    let ctx2 = "The trail has 12 shelters along 12 miles of ridge.";
    let g = analyse("The trail is 12 miles long.", "", ctx2);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let ctx3 = "The park has 40 lakes and a visitor centre.";
    let g = analyse("The park is 40 kilometres wide.", "", ctx3);
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    // A time is one value however written: "Seventh Avenue" does not state "7pm".
    let ctx4 = "The main broke around 6:45pm at 13th Street and Seventh Avenue.";
    let g = analyse("The main broke before 7pm.", "", ctx4);
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
}

#[test]
fn a_life_spans_years_answer_birth_and_death() {
    let ctx = "Ada Lovelace (1815-1852) was an English mathematician. She is chiefly known \
               for her work on Charles Babbage's Analytical Engine.";
    let q = "When did Ada Lovelace die?";
    let bad = analyse("She died in 1815.", q, ctx);
    assert_eq!(bad.claims[0].conflicts, ["\"1815\" vs \"1852\""], "{bad:?}");
    let good = analyse("She died in 1852.", q, ctx);
    assert!(good.claims[0].conflicts.is_empty(), "{good:?}");
    // The birth year is no nearer rival of the death year.
    assert_eq!(good.features.answer_question_proximity, 1.0, "{good:?}");
    // A bare year takes its event from the question.
    let bare = analyse("1815", q, ctx);
    assert_eq!(
        bare.claims[0].conflicts,
        ["\"1815\" vs \"1852\""],
        "{bare:?}"
    );
    let born = analyse("1815", "When was Ada Lovelace born?", ctx);
    assert!(born.claims[0].conflicts.is_empty(), "{born:?}");
    // Full dates; a parenthesis with other years ("(2001; 2004)") is no life span.
    let ctx = "Roy Jenkins (11 November 1920 – 5 January 2003) chaired the commission.";
    let bad = analyse("Roy Jenkins was born in 2003.", "", ctx);
    assert_eq!(bad.claims[0].conflicts, ["\"2003\" vs \"1920\""], "{bad:?}");
    let toks = tokens("The albums (2001; 2004) sold well.");
    assert_eq!(life_span("The albums (2001; 2004) sold well.", &toks), None);
    // A year before the parenthesis is no reason to stop looking.
    let text = "In 1990 a plaque honoured Ada Lovelace (1815-1852).";
    let toks = tokens(text);
    let (born, died) = life_span(text, &toks).expect("a life span");
    assert_eq!((toks[born].raw, toks[died].raw), ("1815", "1852"));
}

/// Asserts that the first claim of `text`, audited against `ctx` for the question `q`,
/// has exactly the conflicts `expected` (none: `&[]`), printing the analysis otherwise.
fn assert_conflicts(text: &str, q: &str, ctx: &str, expected: &[&str]) {
    let g = analyse(text, q, ctx);
    assert_eq!(g.claims[0].conflicts, expected, "{text}: {g:?}");
}

/// `agent_swap` of the claim's verb (or participle) `verb` against the one sentence `ctx`, its
/// frame read as `Request::agent` reads it.
fn agent_swap_at(claim: &str, verb: &str, ctx: &str) -> Option<(String, String, usize)> {
    let (ctx_toks, toks) = (tokens(ctx), tokens(claim));
    let ks = keys(claim, (0, claim.len()), &LowerVocab::default());
    let at = toks.iter().position(|t| t.raw == verb).expect("the verb");
    let frame = if past_verb(verb) {
        verb_frame(claim, &toks, &ks, at)
    } else {
        participle_frame(claim, &toks, &ks, at)
    };
    let ctx_keys = keys(ctx, (0, ctx.len()), &LowerVocab::default());
    let sentence = (&ctx_toks[..], &ctx_keys[..]);
    agent_swap(
        (&toks, at, frame.expect("a frame")),
        &[],
        (ctx, &ctx_toks),
        [sentence].into_iter(),
    )
}

#[test]
fn a_verbs_agent_swapped_for_the_one_the_sources_name_is_contradicted() {
    let ctx = "On December 17, 1903, Wilbur and Orville Wright made four brief flights at \
               Kitty Hawk. Orville piloted the first flight, which lasted 12 seconds.";
    let q = "Who piloted the first powered flight?";
    let bad = "Wilbur Wright piloted it.";
    assert_conflicts(bad, q, ctx, &["\"wilbur wright\" vs \"orville\""]);
    for good in [
        "Orville Wright piloted it.",
        "Orville piloted the first flight.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    // The agent of a passive is the name after "by"; several names are one agent.
    let ctx = "The phonograph was invented in 1877 by Thomas Edison. Watson and Crick \
               proposed the model, drawing on images produced by Rosalind Franklin and \
               Maurice Wilkins.";
    let bad = "The images were produced by Watson.";
    let swap = "\"watson\" vs \"rosalind franklin maurice wilkin\"";
    assert_conflicts(bad, "", ctx, &[swap]);
    for good in [
        "Thomas Edison invented the phonograph in 1877.",
        "Maurice Wilkins produced the images.",
        "Crick proposed the model.",
    ] {
        assert_conflicts(good, "", ctx, &[]);
    }
    // A role between "by" and the agent ("by engineer Joseph Strauss") leaves the name the
    // agent: the other name of the sentence, moved into its place, is a swap.
    let ctx = "The bridge was designed by engineer Joseph Strauss, with architect Irving Morrow \
               responsible for its Art Deco details.";
    let swap = "\"irving morrow\" vs \"joseph strauss\"";
    for bad in [
        "The bridge was designed by Irving Morrow.",
        "Irving Morrow designed the bridge.",
    ] {
        assert_conflicts(bad, "", ctx, &[swap]);
    }
    for good in [
        "The bridge was designed by Joseph Strauss.",
        "It was designed by the engineer Joseph Strauss.",
        "Joseph Strauss designed the bridge.",
    ] {
        assert_conflicts(good, "", ctx, &[]);
    }
    // Agent and argument swapped.
    let ctx = "In 2016 Acme Robotics was acquired by Siemens for 300 million euros.";
    let bad = "Acme Robotics acquired Siemens in 2016.";
    assert_conflicts(bad, "", ctx, &["\"acme robotic\" vs \"siemen\""]);
    assert_conflicts("Siemens acquired Acme Robotics in 2016.", "", ctx, &[]);
    // A participle's agent is its clause's subject: the two sides of "beat" swapped.
    let ctx = "In Sunday's final at Wembley, Chelsea beat Liverpool 2-1 after extra time. \
               Liverpool had led through an early goal.";
    let q = "Who won the final?";
    let bad = "Liverpool won the final, beating Chelsea 2-1 at Wembley.";
    assert_conflicts(bad, q, ctx, &["\"liverpool\" vs \"chelsea\""]);
    assert_conflicts("Chelsea won the final, beating Liverpool 2-1.", q, ctx, &[]);
    // The claim's agent in the sources' argument by a shorter name; not when the run there
    // names someone else too.
    let ctx = "William defeated Harold, who was killed during the battle.";
    let bad = "Harold Godwinson won, defeating William of Normandy.";
    assert_conflicts(bad, "", ctx, &["\"harold godwinson\" vs \"william\""]);
    let claim = "Harold Godwinson won, defeating William.";
    let swap = Some(("harold godwinson".into(), "william".into(), 0));
    assert_eq!(
        agent_swap_at(
            claim,
            "defeating",
            "William defeated Harold, who was killed."
        ),
        swap
    );
    assert_eq!(
        agent_swap_at(
            claim,
            "defeating",
            "William defeated Harold Hardrada, who was killed."
        ),
        None
    );
    // An irregular verb's forms are one verb: "wrote" is read against "is written by"; a frame
    // with the claim's agent among them leaves nothing to judge.
    let ctx = "The War of the Worlds is written by Herbert George Wells.";
    let bad = "Stephen King wrote The War of the Worlds.";
    assert_eq!(
        agent_swap_at(bad, "wrote", ctx),
        Some(("stephen king".into(), "herbert george well".into(), 0))
    );
    let ctx = "Brett Helquist wrote The End. The End is written by Lemony Snicket.";
    assert_conflicts("Lemony Snicket wrote The End.", "", ctx, &[]);
    // An active frame of the claim's agent with another argument is another of its deeds: the
    // search goes on to the frame with the claim's argument.
    let ctx = "Lee Unkrich directed Toy Story 3, and Adrian Molina directed Coco.";
    assert_eq!(
        agent_swap_at("Lee Unkrich directed Coco.", "directed", ctx),
        Some(("lee unkrich".into(), "adrian molina".into(), 0))
    );
    for good in [
        "Lee Unkrich directed Toy Story 3.",
        "Lee Unkrich directed it.",
    ] {
        assert_eq!(agent_swap_at(good, "directed", ctx), None);
    }
    // A frame of the claim's agent that leaves its argument to a pronoun may state the claim.
    let ctx = "Lee Unkrich directed it, and Adrian Molina directed Coco.";
    assert_eq!(
        agent_swap_at("Lee Unkrich directed Coco.", "directed", ctx),
        None
    );
    assert_eq!(verb_lemma("written"), "write");
    assert_eq!(verb_lemma("beating"), "beat");
    assert_eq!(other_past_forms("wrote").collect::<Vec<_>>(), ["written"]);
    // The subject of a passive clause does the participle's action, not the name after "by".
    let ctx = "The Erasmus Bridge was opened by Queen Beatrix in 1996. It links the north and \
               south of Rotterdam; Ben van Berkel designed the bridge.";
    let toks = tokens("It was opened by Queen Beatrix, linking both banks.");
    let text = "It was opened by Queen Beatrix, linking both banks.";
    let ks = keys(text, (0, text.len()), &LowerVocab::default());
    let linking = toks
        .iter()
        .position(|t| t.raw == "linking")
        .expect("the participle");
    assert_eq!(participle_frame(text, &toks, &ks, linking), None);
    assert_conflicts(
        "Ben van Berkel designed it, linking both banks.",
        "",
        ctx,
        &[],
    );
    // An agent the sources leave unnamed may be the claim's: nothing is judged.
    let ctx = "Orville and Wilbur Wright built gliders. He piloted the first flight, and \
               Orville piloted the second.";
    let g = analyse("Wilbur piloted the first flight.", "", ctx);
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    // A name after a preposition is no agent.
    let ctx = "A song by Prince topped the charts in 1984.";
    let toks = tokens(ctx);
    let ks = keys(ctx, (0, ctx.len()), &LowerVocab::default());
    let topped = toks
        .iter()
        .position(|t| t.raw == "topped")
        .expect("the verb");
    assert_eq!(verb_frame(ctx, &toks, &ks, topped), None);
}

#[test]
fn a_name_in_another_names_of_slot_is_contradicted() {
    let ctx = "Ada Lovelace was an English mathematician. She is chiefly known for her work \
               on Charles Babbage's Analytical Engine. She was the daughter of the poet Lord \
               Byron.";
    let q = "Whose daughter was Ada Lovelace?";
    let bad = "She was the daughter of Charles Babbage.";
    assert_conflicts(bad, q, ctx, &["\"Charles Babbage\" vs \"Lord Byron\""]);
    for good in [
        "She was the daughter of the poet Lord Byron.",
        "She was the daughter of Byron.",
        "She was the daughter of Lord Byron's wife.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    // A name in apposition fills the slot too; a demonym is no name of the slot.
    let ctx = "Frances Bean Cobain is the daughter of Nirvana frontman Kurt Cobain. She is \
               the head coach of the Spanish club.";
    assert_conflicts("She is the daughter of Kurt Cobain.", "", ctx, &[]);
    // (A novel name against a sentence's place is another rule's conflict.)
    let g = analyse("She is the head coach of Real Madrid.", "", ctx);
    assert!(
        !g.claims[0].conflicts.iter().any(|c| c.contains("Spanish")),
        "{g:?}"
    );
}

#[test]
fn strength_and_condition_are_scales() {
    let ctx = "Storm Helga cut power to 45,000 homes. The national weather service said the \
               storm would weaken as it moved east on Monday. The patient's condition \
               improved overnight.";
    for (claim, conflict) in [
        ("The storm was expected to strengthen on Monday.", true),
        ("The storm was expected to weaken on Monday.", false),
        // An unsupported clause does not shield the supported one.
        (
            "Two people were injured, and the storm was expected to strengthen on Monday.",
            true,
        ),
        ("The patient's condition worsened overnight.", true),
        ("The patient's condition improved overnight.", false),
    ] {
        let g = analyse(claim, "", ctx);
        assert_eq!(
            g.claims[0].status == ClaimStatus::Contradicted,
            conflict,
            "{claim}: {g:?}"
        );
    }
}

#[test]
fn a_clause_of_reason_keeps_its_own_direction() {
    // "as … costs climbed" is the costs', not the profit's: "rose" conflicts with "fell".
    let ctx = "Net profit fell to $85 million from $97 million a year earlier, as ingredient \
               and shipping costs climbed.";
    let g = analyse("Net profit rose to $97 million.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let g = analyse("Net profit fell to $85 million as costs climbed.", "", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn attributes_that_exclude_each_other_conflict() {
    let ctx = "Mayor Lena Ortiz said the plan would cost about 12 million dollars, funded \
               mostly by a state grant. Christopher Newport University is a public liberal \
               arts university. The only male rhino lives with two females. It depicts the \
               view from the east-facing window of his asylum room.";
    for (claim, conflict) in [
        ("The plan is funded mostly by a federal grant.", true),
        ("The plan is funded mostly by a state grant.", false),
        (
            "Christopher Newport University is a private university.",
            true,
        ),
        (
            "Christopher Newport University is a public university.",
            false,
        ),
        // The claim names both sides: nothing is swapped.
        ("As the only male, the rhino lives with two females.", false),
        (
            "It shows the view from the west-facing window of his room.",
            true,
        ),
        (
            "It shows the view from the east-facing window of his room.",
            false,
        ),
    ] {
        let g = analyse(claim, "", ctx);
        assert_eq!(
            g.claims[0].status == ClaimStatus::Contradicted,
            conflict,
            "{claim}: {g:?}"
        );
    }
}

#[test]
fn sizes_in_their_plain_form_are_directions() {
    let ctx = "The town holds a large market every Saturday, with more than 200 stalls.";
    for (claim, conflict) in [
        ("The town holds a small market every Saturday.", true),
        ("The town holds a tiny market every Saturday.", true),
        ("The town holds a big market every Saturday.", false),
        // "a little" is "somewhat".
        ("The market is a little larger every Saturday.", false),
    ] {
        let g = analyse(claim, "", ctx);
        assert_eq!(
            g.claims[0].status == ClaimStatus::Contradicted,
            conflict,
            "{claim}: {g:?}"
        );
    }
}

#[test]
fn a_direction_word_conflicts_with_its_opposite_in_the_aligned_sentence() {
    let ctx = "In the second quarter the company's revenue rose 3 percent to 2.1 billion \
        dollars. Air pressure at sea level is higher than on a mountain top.";
    let status = |text: &str| analyse(text, "", ctx).claims[0].clone();
    assert_eq!(
        status("The company's revenue rose 3 percent in the second quarter.").status,
        ClaimStatus::Supported
    );
    let fell = status("The company's revenue fell 3 percent in the second quarter.");
    assert_eq!(fell.status, ClaimStatus::Contradicted, "{fell:?}");
    assert_eq!(fell.conflicts, ["\"fell\" vs \"rose\""]);
    let lower = status("Air pressure at sea level is lower than on a mountain top.");
    assert_eq!(lower.conflicts, ["\"lower\" vs \"higher\""]);
    // The same comparison with its arguments reversed.
    let reversed = status("Air pressure on a mountain top is lower than at sea level.");
    assert_ne!(reversed.status, ClaimStatus::Contradicted, "{reversed:?}");
    // "no longer" is no length.
    assert_eq!(
        direction_pair(
            (
                "it is no longer a planet",
                &tokens("it is no longer a planet")
            ),
            ("it is shorter", &tokens("it is shorter"))
        ),
        None
    );
    // Judged against the clause that states the claim's subject, not a later clause.
    let ctx = "In the second quarter, revenue rose 3% to 2.1 billion dollars, while operating \
        costs fell 1%.";
    let fell = analyse("Revenue fell 3% in the second quarter.", "", ctx);
    assert_eq!(
        fell.claims[0].conflicts,
        ["\"fell\" vs \"rose\""],
        "{fell:?}"
    );
    let costs = analyse("Operating costs fell 1% in the second quarter.", "", ctx);
    assert_ne!(
        costs.claims[0].status,
        ClaimStatus::Contradicted,
        "{costs:?}"
    );
    // A claim that joins two sentences is judged clause by clause against both; "increase"
    // and "fell" are one scale.
    let ctx = "Acme reported revenue of $4.2 billion for 2023, a 12% increase over the prior \
        year. Net income fell to $310 million due to restructuring costs.";
    let q = "Summarize Acme's 2023 results.";
    let good = analyse(
        "Acme's 2023 revenue rose 12% to $4.2 billion, while net income fell to $310 million.",
        q,
        ctx,
    );
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    let bad = analyse(
        "Acme's 2023 revenue rose 12% to $4.2 billion, while net income rose to $310 million.",
        q,
        ctx,
    );
    assert_eq!(bad.claims[0].conflicts, ["\"rose\" vs \"fell\""], "{bad:?}");
    let fell = analyse("Acme's revenue fell 12% to $4.2 billion in 2023.", q, ctx);
    assert_eq!(
        fell.claims[0].conflicts,
        ["\"fell\" vs \"increase\""],
        "{fell:?}"
    );
    // A decision and its reverse.
    let ctx = "On Tuesday the city council voted 7-2 to pass the 2025 budget.";
    let rejected = analyse("The council rejected the budget by a 7-2 vote.", "", ctx);
    assert_eq!(
        rejected.claims[0].conflicts,
        ["\"rejected\" vs \"pass\""],
        "{rejected:?}"
    );
    let passed = analyse("The council passed the budget by a 7-2 vote.", "", ctx);
    assert_ne!(
        passed.claims[0].status,
        ClaimStatus::Contradicted,
        "{passed:?}"
    );
}

#[test]
fn a_number_with_a_group_comma_is_no_year() {
    let ctx = "Founded in 2005, the company now employs roughly 1,200 staff across four \
        offices. Last year its revenue grew by 12% to $45 million, and it expects to hire 200 \
        more people in 2024.";
    let g = analyse(
        "The company employs about 1,200 people and its revenue grew to $45 million last year.",
        "",
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    assert_eq!(
        year_gaps(&tokens("from 1,200 to 1,300 people in 1990")),
        Vec::<u32>::new()
    );
}

#[test]
fn a_novel_number_conflicts_with_a_number_of_the_same_unit() {
    let ctx = "A former bank manager was sentenced to five years in prison on Tuesday. A jury \
        found him guilty of fraud last month after a three-week trial.";
    let claim = |t: &str| analyse(t, "Summarize the article.", ctx).claims[0].clone();
    let bad =
        claim("He was sentenced to ten years in prison after a jury found him guilty of fraud.");
    assert_eq!(bad.status, ClaimStatus::Contradicted, "{bad:?}");
    assert_eq!(bad.conflicts, ["\"10\" vs \"5\""]);
    assert!(bad.source.unwrap().text.contains("five years"));
    let good =
        claim("He was sentenced to five years in prison after a jury found him guilty of fraud.");
    assert_eq!(good.status, ClaimStatus::Supported, "{good:?}");
    // A quantity of the same unit but of another thing, or a change between two numbers
    // the claim both states, is no conflict.
    let ctx2 = "The kite measured an astonishing 6,000 metres. Fog at the festival was thick.";
    let fog = analyse("Fog at the festival cut visibility to 50 metres.", "", ctx2);
    assert_ne!(fog.claims[0].status, ClaimStatus::Contradicted, "{fog:?}");
    let ctx3 = "Rooney moved up into second place with wealth of 72 million pounds.";
    let up = analyse(
        "Rooney's wealth is up 12 million pounds to 72 million pounds.",
        "",
        ctx3,
    );
    assert_ne!(up.claims[0].status, ClaimStatus::Contradicted, "{up:?}");
    // Another unit is no conflict: nothing states how many appeals he filed.
    let other =
        claim("He filed ten appeals after a jury found him guilty of fraud and sentenced him.");
    assert_ne!(other.status, ClaimStatus::Contradicted, "{other:?}");
}

#[test]
fn a_demonym_supports_its_place_in_a_claim() {
    let g = analyse(
        "Polonium was named after Poland.",
        "",
        "Polonium was named after her native country by the Polish physicist.",
    );
    assert_eq!(g.claims[0].support, 1.0, "{:?}", g.claims);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported);
}

#[test]
fn claims_carry_character_offsets() {
    let text = "Évian is in France. It sits on Lake Geneva.";
    let g = analyse(
        text,
        "",
        "Évian-les-Bains is a town in France on Lake Geneva.",
    );
    assert_eq!(g.claims.len(), 2);
    let c = &g.claims[1];
    assert_eq!(
        text.chars()
            .skip(c.start)
            .take(c.end - c.start)
            .collect::<String>(),
        c.text
    );
    assert_eq!(c.text, "It sits on Lake Geneva.");
}

#[test]
fn a_sentence_has_the_tokens_the_whole_text_has_there() {
    let texts = [
        "In 1999, Hunt Lowry's film earned $1,200.50. It's well-known; isn't it?\n1. First point",
        "Dr. J. Smith met U.S. envoys at 3.5 p.m.! Then: nothing.\n\n- co-op’s rate was 2.5.",
        "ΟΔΟΣ İstanbul don’t 12,000.5;x\ty. ’tis",
        "no punctuation at all",
        "",
    ];
    for text in texts {
        let whole = tokens(text);
        for sp in sentence_spans(text) {
            let own: Vec<(usize, &str, bool)> = tokens(&text[sp.0..sp.1])
                .iter()
                .map(|t| (t.start + sp.0, t.raw, t.is_number))
                .collect();
            let cut: Vec<(usize, &str, bool)> = span_tokens(&whole, sp)
                .iter()
                .map(|t| (t.start, t.raw, t.is_number))
                .collect();
            assert_eq!(own, cut, "{text:?} {sp:?}");
        }
    }
}

#[test]
fn a_name_moved_from_elsewhere_in_the_passage_is_not_anchored() {
    let ctx = "Marie Curie was born in Warsaw in 1867. She died in Passy in 1934.";
    let good = analyse("Marie Curie was born in Warsaw.", "", ctx).features;
    let bad = analyse("Marie Curie was born in Passy.", "", ctx).features;
    assert_eq!(good.entity_anchor_mean, 1.0);
    // Passy's sentence is about Marie Curie ("She …": her names' weight, 2 of the 3 equal
    // weights the best sentence without Passy shares, which also says "born"): 2/3; Marie
    // and Curie stand where the rest of it is said (1 each).
    assert!((bad.entity_anchor_mean - 8.0 / 9.0).abs() < 1e-9, "{bad:?}");
}

#[test]
fn an_abbreviated_month_beside_a_number_is_its_month() {
    let ctx = "The winter sale runs from 2 January until 15 February in all stores.";
    let good = analyse("It ends on Feb 15.", "When does the sale end?", ctx);
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    let bad = analyse("It ends on Mar 15.", "When does the sale end?", ctx);
    assert_ne!(bad.claims[0].status, ClaimStatus::Supported, "{bad:?}");
    // A name that looks like one is no month.
    let toks = tokens("Jan Smith came on 3 Sept.");
    assert_eq!(abbreviated_month(&toks, 0), None);
    assert_eq!(abbreviated_month(&toks, 5), Some("september"));
}

#[test]
fn an_abbreviated_weekday_before_a_number_is_its_weekday() {
    let ctx = "- Daniel will send the press release to Legal by Friday, 18 July.\n\
               - Marcus will confirm a date with the studio by this Thursday, 17 July.";
    let q = "Summarize the action items.";
    let good = analyse(
        "Daniel: send the press release to Legal by Fri 18 July.",
        q,
        ctx,
    );
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    let bad = analyse(
        "Daniel: send the press release to Legal by Thu 17 July.",
        q,
        ctx,
    );
    assert_ne!(bad.claims[0].status, ClaimStatus::Supported, "{bad:?}");
}

#[test]
fn a_date_recombined_from_the_sources_month_and_day_is_contradicted() {
    let ctx = "The winter sale runs from 2 January until 15 February in all stores. The \
               summer sale runs on 3 to 9 July.";
    let q = "When does the winter sale end?";
    for good in [
        "It ends on Feb 15.",
        "It ends on February 15th.",
        "It ends on the 15th of February.",
    ] {
        let g = analyse(good, q, ctx);
        assert!(g.claims[0].conflicts.is_empty(), "{good}: {g:?}");
    }
    let b = analyse("It ends on Jan 15.", q, ctx);
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    assert_eq!(b.claims[0].conflicts, vec!["\"Jan 15\" vs \"2 January\""]);
    // The first day of a range is dated by the month after its last.
    let g = analyse("The summer sale starts on July 3.", "", ctx);
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    let text = "From 2 to 15 February, then March 3–5 and the 9th of May 2024. April 14, \
                April 25.";
    let dates: Vec<(&str, u8, &str)> = calendar_dates(text, &tokens(text))
        .into_iter()
        .map(|d| (d.month, d.day, &text[d.span.0..d.span.1]))
        .collect();
    assert_eq!(
        dates,
        vec![
            ("february", 15, "15 February"),
            ("february", 2, "2 to 15 February"),
            ("march", 3, "March 3"),
            ("march", 5, "March 3–5"),
            ("may", 9, "9th of May"),
            ("april", 14, "April 14"),
            ("april", 25, "April 25"),
        ]
    );
}

#[test]
fn a_disambiguator_in_parentheses_names_no_other_entity() {
    let ctx = "Tony Curtis (Football Player) played for the team.";
    let g = analyse(
        "Tony Curtis and Terrell Owens played for the team.",
        "",
        ctx,
    );
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    let toks = tokens("Titus (Thriller Film) and Marie (Warsaw) (born 1867)");
    let words: Vec<bool> = (0..toks.len())
        .map(|i| {
            in_disambiguator(
                "Titus (Thriller Film) and Marie (Warsaw) (born 1867)",
                &toks,
                i,
            )
        })
        .collect();
    assert_eq!(
        words,
        [false, true, true, false, false, false, false, false]
    );
}

#[test]
fn each_clause_of_a_claim_anchors_its_own_names() {
    let ctx = "Marie Curie was born in Warsaw in 1867. She died in Passy in 1934.";
    let joined = "Marie Curie was born in Warsaw in 1867, and she died in Passy in 1934.";
    assert_eq!(analyse(joined, "", ctx).features.entity_anchor_mean, 1.0);
    // The places swapped: each stands away from what its clause says about it. Warsaw's
    // sentence shares nothing else with "she died … in 1934" (0); Passy's is about Marie
    // Curie ("She died …"), 2 of the 4 equal weights of the sentence that says "born in
    // 1867" (1/2). Marie, Curie, 1867 and 1934 stand where theirs is said (1 each).
    let swapped = "Marie Curie was born in Passy in 1867, and she died in Warsaw in 1934.";
    let f = analyse(swapped, "", ctx).features;
    assert!((f.entity_anchor_mean - 4.5 / 6.0).abs() < 1e-9, "{f:?}");
}

#[test]
fn a_before_clause_anchors_its_own_dates() {
    let ctx = "The Statue of Liberty was dedicated on October 28, 1886. The Eiffel Tower \
               was completed in March 1889 for the World's Fair.";
    let q = "Which is older, the Eiffel Tower or the Statue of Liberty?";
    let right = "The Statue of Liberty is older: it was dedicated in 1886, three years before \
                 the Eiffel Tower was completed in 1889.";
    assert_eq!(analyse(right, q, ctx).features.entity_anchor_mean, 1.0);
    let swapped = "The Eiffel Tower is older: it was completed in 1886, three years before \
                   the Statue of Liberty was dedicated in 1889.";
    let f = analyse(swapped, q, ctx).features;
    assert!(f.entity_anchor_mean < 0.5, "{f:?}");
    // A preposition opens no clause.
    let t = "It opened before the war and closed after 1990.";
    let toks = tokens(t);
    assert_eq!(clause_ranges(t, &toks).len(), 1);
}

#[test]
fn an_absolute_with_clause_anchors_its_own_names() {
    // A summary joins two source sentences by "…, with <subject> <participle> …": each part
    // stands where its own sentence says it.
    let ctx = "Police in Leeds have arrested a man after a series of burglaries at corner \
               shops. Stolen cigarettes and cash worth around £3,000 were recovered.";
    let joined = "A man has been arrested in Leeds after burglaries at corner shops, with \
                  police recovering about £3,000 of stolen cash.";
    assert_eq!(analyse(joined, "", ctx).features.entity_anchor_mean, 1.0);
    // "with" and a participle-less phrase is no clause: "…, with a population of 3,000".
    let toks = tokens("a town, with a population of 3,000, near Leeds");
    let with = toks.iter().position(|t| t.raw == "with").unwrap();
    assert!(!opens_absolute(&toks, with));
    let toks = tokens("a town, with roads including the A1");
    assert!(!opens_absolute(&toks, with));
}

#[test]
fn the_class_a_claim_singles_one_out_of_must_be_the_sources() {
    let ctx = "Marie Curie was a physicist and chemist. She was the first woman to win a \
               Nobel Prize and the only person to win Nobel Prizes in two scientific fields.";
    let bad = "Marie Curie was the first person to win a Nobel Prize.";
    assert_conflicts(bad, "", ctx, &["\"person\" vs \"woman\""]);
    for good in [
        "Marie Curie was the first woman to win a Nobel Prize.",
        // Another verb or another object: not the frame the source states.
        "Marie Curie was the first person to discover polonium.",
        "She was the only person to win Nobel Prizes in two scientific fields.",
    ] {
        assert_conflicts(good, "", ctx, &[]);
    }
    // A source that states the claim's class settles it, whatever other classes it
    // singles out; "to win a Nobel Prize twice" is another predicate.
    let ctx = "She was the first woman to win a Nobel Prize, the first person to win a \
               Nobel Prize twice, and the only person to win it in two sciences.";
    let good = "According to the passage, yes: she was the first woman to win a Nobel Prize.";
    assert_conflicts(
        good,
        "Was she the first woman to win a Nobel Prize?",
        ctx,
        &[],
    );
    assert_conflicts(
        "She was the first man to win a Nobel Prize twice.",
        "",
        ctx,
        &["\"man\" vs \"person\""],
    );
    // A class word of the other ("female" of "female boxer") is no other class.
    let ctx = "Jonas was the first female boxer to represent Britain at the Olympics.";
    assert_conflicts(
        "Jonas was the first female to represent Britain at the Olympics.",
        "",
        ctx,
        &[],
    );
}

#[test]
fn a_number_stated_as_approximate_is_found_when_a_source_number_rounds_to_it() {
    let ctx = "A 2012 survey put the total length of the wall at 21,196 km.";
    let about = analyse(
        "The total length of the wall is more than 20,000 km.",
        "",
        ctx,
    );
    assert_eq!(about.claims[0].support, 1.0, "{about:?}");
    // Without the approximator, or when no source number rounds to it, it is not found.
    let exact = analyse("The total length of the wall is 20,000 km.", "", ctx);
    assert!(exact.claims[0].support < 1.0, "{exact:?}");
    let off = analyse("The total length of the wall is about 30,000 km.", "", ctx);
    assert!(off.claims[0].support < 1.0, "{off:?}");
}

#[test]
fn a_bare_yes_or_no_claims_the_questions_proposition() {
    let ctx = "Marie Curie was the first woman to win a Nobel Prize. She was born in Warsaw.";
    let q = "Was Marie Curie the first woman to win a Nobel Prize?";
    for good in ["Yes.", "Yes, she was.", "Actually, yes!"] {
        let g = analyse(good, q, ctx);
        assert!(
            g.claims
                .iter()
                .all(|c| c.status != ClaimStatus::Contradicted),
            "{good}: {g:?}"
        );
    }
    for bad in [
        "No.",
        "No, she was not.",
        "No, she wasn't.",
        "Surprisingly, no!",
        "Oh no, she wasn't.",
    ] {
        let b = analyse(bad, q, ctx);
        assert_eq!(
            b.claims[0].status,
            ClaimStatus::Contradicted,
            "{bad}: {b:?}"
        );
        assert_eq!(b.claims[0].text, bad);
    }
    // The question under its label in a prompt that also holds an instruction.
    let labelled = format!("Answer from the passage.\nQuestion: {q}\nAnswer:");
    let b = analyse("No, she was not.", &labelled, ctx);
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    let after = format!("Answer using the passage below. {q}");
    let b = analyse("No, she was not.", &after, ctx);
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    let ctx = "Pluto is no longer considered a planet.";
    let q = "Is Pluto considered a planet?";
    assert!(analyse("No.", q, ctx).claims[0].conflicts.is_empty());
    assert!(!analyse("Yes.", q, ctx).claims[0].conflicts.is_empty());
    // A comparison is stated by no one sentence: not judged so.
    let ctx = "The Who are an English rock band. Kings of Leon are an American rock band.";
    let q = "Are both The Who and Kings of Leon American rock bands?";
    assert!(analyse("No.", q, ctx).claims.is_empty());
}

#[test]
fn a_name_joined_to_a_word_is_the_name() {
    let ctx = "Nordwind, based in Hamburg, carried 41 million passengers last year.";
    let good = analyse(
        "The Hamburg-based Nordwind carried 41 million passengers.",
        "",
        ctx,
    );
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    let bad = analyse(
        "The Munich-based Nordwind carried 41 million passengers.",
        "",
        ctx,
    );
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn a_middle_name_names_the_same_entity() {
    let ctx = "Frankenstein is an 1818 novel written by English author Mary Shelley.";
    let g = analyse("It was written by Mary Wollstonecraft Shelley.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // Another first name is another person.
    let b = analyse("It was written by Percy Bysshe Shelley.", "", ctx);
    assert_ne!(b.claims[0].status, ClaimStatus::Supported, "{b:?}");
    let ctx = "Tom Cleverley played for Manchester City F.C. in 2010.";
    let b = analyse(
        "Tom Cleverley played for Manchester United F.C. in 2010.",
        "",
        ctx,
    );
    assert_ne!(b.claims[0].status, ClaimStatus::Supported, "{b:?}");
}

#[test]
fn a_shortened_given_name_names_the_same_person() {
    let ctx = "Timothy Simon Roth (born 14 May 1961) is an English actor and director.";
    let g = analyse("Tim Roth is an English actor.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    let b = analyse("Tim Roth is an American actor.", "", ctx);
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    // Only a given name that opens its run, of three letters or more, and begins the
    // source's name; another first name is another person.
    for other in [
        "Tom Roth is an English actor.",
        "Ti Roth is an English actor.",
    ] {
        let b = analyse(other, "", ctx);
        assert_ne!(b.claims[0].status, ClaimStatus::Supported, "{other}: {b:?}");
    }
}

#[test]
fn names_joined_by_an_en_dash_are_the_hyphenated_name() {
    let ctx = "The Lincoln–Douglas debates were held in seven Illinois congressional \
               districts in 1858.";
    let g = analyse("The Lincoln-Douglas debates happened in Illinois.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    let b = analyse("The Lincoln-Douglas debates happened in Ohio.", "", ctx);
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
}

#[test]
fn a_sentence_naming_a_person_by_surname_names_the_claims_person() {
    let ctx = "Sarah Jane Hyland (born November 24, 1990) is an American actress. Born in \
               Manhattan, New York, Hyland attended the Professional Performing Arts School.";
    let g = analyse(
        "Sarah Hyland attended the Professional Performing Arts School.",
        "",
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // "New Yorker" names New York.
    let g = analyse("Sarah Hyland is a New Yorker.", "", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A surname two people of the sources share names neither alone.
    let one = "Bobby Petrino was born in Lewistown. Raised in Montana, Petrino coached Idaho \
               from 2013.";
    let claim = "Bobby Petrino coached Idaho from 2013.";
    let g = analyse(claim, "", one);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    let two = format!("Paul Petrino was born in Helena. {one}");
    let b = analyse(claim, "", &two);
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
}

#[test]
fn titles_suffixes_abbreviated_heads_and_initials_are_written_forms_of_names() {
    for (claim, ctx) in [
        (
            "Mt. Everest is the highest mountain on Earth.",
            "Mount Everest is Earth's highest mountain above sea level, in the Himalayas.",
        ),
        (
            "The cathedral is in St. Petersburg.",
            "The Kazan Cathedral is located in Saint Petersburg, Russia.",
        ),
        (
            "Harry Potter was written by J.K. Rowling.",
            "Harry Potter is a series of novels written by British author J. K. Rowling.",
        ),
        (
            "Dr. King gave the speech in 1963.",
            "Martin Luther King Jr. delivered the speech on August 28, 1963, in Washington.",
        ),
        (
            "Apple Inc. is based in Cupertino.",
            "Apple is an American technology company headquartered in Cupertino, California.",
        ),
    ] {
        let g = analyse(claim, "", ctx);
        assert_eq!(g.claims.len(), 1, "{claim}: {g:?}");
        assert_ne!(
            g.claims[0].status,
            ClaimStatus::Contradicted,
            "{claim}: {g:?}"
        );
    }
    // The name itself is still judged.
    let ctx = "Mount Everest is Earth's highest mountain above sea level, in the Himalayas.";
    let b = analyse(
        "Mt. Kilimanjaro is Earth's highest mountain above sea level.",
        "",
        ctx,
    );
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    let ctx = "Harry Potter is a series of novels written by British author J. K. Rowling.";
    let b = analyse("Harry Potter was written by J.R.R. Tolkien.", "", ctx);
    assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    // "Inc." before a lower-case word ends no sentence; before a capitalised one it does.
    assert_eq!(sentence_spans("Apple Inc. is based in Cupertino.").len(), 1);
    assert_eq!(
        sentence_spans("He joined Apple Inc. The firm grew.").len(),
        2
    );
}

#[test]
fn a_fraction_is_no_ordinal() {
    let ctx = "Profit fell to 310 million euros from 450 million euros, shares fell 12 percent.";
    let g = analyse(
        "Profit fell by roughly a third, to 310 million euros.",
        "",
        ctx,
    );
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    let toks = tokens("the third quarter and a third of it");
    assert!(!is_fraction(&toks, 1) && is_fraction(&toks, 5));
}

#[test]
fn compound_number_words_are_one_number() {
    assert_eq!(number_word("fifty-six"), Some("56"));
    assert_eq!(number_word("twenty-first"), Some("21"));
    assert_eq!(number_word("fifty-sixty"), None);
    assert_eq!(spaced_number_words("fifty", "six").as_deref(), Some("56"));
    assert_eq!(spaced_number_words("five", "six"), None);
    let ctx = "The Declaration was signed by 56 delegates.";
    for good in [
        "Fifty-six delegates signed it.",
        "It was signed by fifty six delegates.",
    ] {
        let g = analyse(good, "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{good}: {g:?}");
    }
    let bad = analyse("It was signed by fifty-eight delegates.", "", ctx);
    assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn a_claim_naming_what_the_sources_lack_is_unsupported() {
    let ctx = "The city council of Riverton voted to approve a new public library on Elm \
               Street. The project will cost $14 million and is expected to open in 2027.";
    let text = "Riverton approved a $14 million library on Elm Street, opening in 2029.";
    let g = analyse(text, "", ctx);
    assert!(g.claims[0].support >= SUPPORTED_AT, "{g:?}");
    assert_eq!(g.claims[0].status, ClaimStatus::Unsupported, "{g:?}");
    let g = analyse(&text.replace("2029", "2027"), "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
}

#[test]
fn a_quantity_in_another_unit_is_found_and_a_swapped_unit_contradicts() {
    let ctx = "The Golden Gate Bridge has a total length of 2,737 metres. It opened in 1937.";
    let converted = analyse("The bridge is about 2.7 kilometres long.", "", ctx);
    let wrong = analyse("The bridge is about 4.5 kilometres long.", "", ctx);
    assert!(converted.claims[0].conflicts.is_empty(), "{converted:?}");
    assert!(
        converted.claims[0].support > wrong.claims[0].support,
        "{wrong:?}"
    );
    let swapped = analyse("The bridge is 2,737 feet long.", "", ctx);
    assert_eq!(swapped.claims[0].status, ClaimStatus::Contradicted);
    assert_eq!(
        swapped.claims[0].conflicts,
        ["\"2,737 feet\" vs \"2,737 metres\""]
    );
    let ctx = "It was adopted on July 4, 1776, and signed later.";
    for good in [
        "It was adopted on 1776-07-04.",
        "It was adopted on 07/04/1776.",
    ] {
        let g = analyse(good, "", ctx);
        assert!(g.claims[0].conflicts.is_empty(), "{good}: {g:?}");
    }
    let wrong_day = analyse("It was adopted on 1776-07-05.", "", ctx);
    assert_eq!(wrong_day.claims[0].status, ClaimStatus::Contradicted);
    let ctx = "Saturday 9:00 to 18:00; Sunday closed.";
    let clock = analyse("On Saturday it closes at 6 pm.", "", ctx);
    assert!(clock.claims[0].conflicts.is_empty(), "{clock:?}");
    let late = analyse("On Saturday it closes at 8 pm.", "", ctx);
    assert_eq!(late.claims[0].status, ClaimStatus::Contradicted);
}

#[test]
fn a_time_of_day_is_swapped_only_by_another_time_of_day() {
    let ctx = "Saturday sailings: 08:30, 11:00, 14:20. Check-in closes 10 minutes before \
               departure for foot passengers and 20 minutes before for vehicles.";
    // 10:40 is 20 minutes before 11:00: the 10 of "10 minutes" is no rival time.
    let g = analyse(
        "Vehicle check-in closes 20 minutes before departure, so for the 11:00 sailing you \
         need to check in by 10:40.",
        "",
        ctx,
    );
    assert!(
        g.claims.iter().all(|c| c.conflicts.is_empty()),
        "{:?}",
        g.claims
    );
    // Another time of the sources still is.
    let ctx = "Vehicle check-in closes at 10:40 for the 11:00 sailing.";
    let g = analyse(
        "Vehicle check-in closes at 10:50 for the 11:00 sailing.",
        "",
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn a_percent_sign_and_per_cent_state_percent() {
    for text in [
        "Turnout was 52% in May.",
        "Turnout was 52 % in May.",
        "Turnout was 52 per cent in May.",
        "Turnout was 52 percent in May.",
    ] {
        let ks = keys(text, (0, text.len()), &LowerVocab::default());
        assert!(
            ks.iter()
                .any(|k| k.norm == PERCENT && k.kind == KeyKind::Word),
            "{text}: {ks:?}"
        );
        assert!(ks.iter().any(|k| k.norm == "52"), "{text}: {ks:?}");
    }
    let text = "Turnout was 52 in May.";
    let ks = keys(text, (0, text.len()), &LowerVocab::default());
    assert!(ks.iter().all(|k| k.norm != PERCENT), "{ks:?}");
}

#[test]
fn a_new_name_is_no_conflict_with_a_turns_opening_word() {
    // The reply to a conversation's question names the film's actors; the conversation's
    // "Sure" (after "[Assistant]:") is no name for them to conflict with.
    let ctx = "[Human]: Can you recommend a movie by Christopher Nolan? [Assistant]: Sure, \
               Inception is a great one. Its score is by Hans Zimmer.";
    let g = analyse(
        "Inception stars Leonardo DiCaprio and Elliot Page.",
        "",
        ctx,
    );
    assert!(
        g.claims[0].conflicts.iter().all(|c| !c.contains("sure")),
        "{g:?}"
    );
}

#[test]
fn analysis_is_total() {
    for s in [
        "",
        " ",
        "\u{0}",
        "1.2.3,,4",
        "ÉÉÉ ééé",
        "a\u{301}",
        "?",
        "1. 2. 3.",
        "İİİ [Human]: who?",
        "ẞ user: İs it? ok.",
    ] {
        let g = analyse(s, s, s);
        assert!(g.claims.iter().all(|c| (0.0..=1.0).contains(&c.support)));
    }
}

#[test]
fn a_place_noun_of_another_sentence_answering_where_is_contradicted() {
    let ctx = "In plants and algae, photosynthesis takes place in chloroplasts, organelles that \
               contain the green pigment chlorophyll. Cellular respiration, by contrast, occurs \
               mainly in the mitochondria.";
    let q = "Where in the cell does photosynthesis happen?";
    let bad = "It happens in the mitochondria, the organelles that hold chlorophyll.";
    assert_conflicts(bad, q, ctx, &["\"mitochondria\" vs \"chloroplasts\""]);
    for good in [
        "It happens in the chloroplasts, the organelles that hold chlorophyll.",
        "In chloroplasts, organelles that contain chlorophyll.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    // Without a question that asks where, a place slot is as often reworded: not judged.
    assert_conflicts(bad, "", ctx, &[]);
}

#[test]
fn a_scope_swapped_for_the_one_of_the_sentence_stating_the_rest_is_contradicted() {
    let ctx = "Route 42 runs from the Central Station to the airport every 20 minutes. On \
               weekdays the last bus leaves Central Station at 23:40. On Saturdays and Sundays \
               the last departure is at 22:10, and the first is at 07:00.";
    let q = "When does the last bus to the airport leave on Sundays?";
    let bad = "On Sundays the last bus leaves Central Station at 23:40.";
    assert_conflicts(bad, q, ctx, &["\"Sundays\" vs \"weekdays\""]);
    assert_conflicts(
        "On Sundays the last bus leaves Central Station at 22:10.",
        q,
        ctx,
        &[],
    );
    assert_conflicts("On weekdays the last bus leaves at 23:40.", q, ctx, &[]);
}

#[test]
fn a_calendar_scope_swapped_anywhere_in_the_claim_is_contradicted() {
    let ctx = "The library opens at 9 am on weekdays. On Saturdays it opens at 10 am. It is \
               closed on Sundays.";
    let q = "When does the library open on Saturdays?";
    assert_conflicts(
        "On Saturdays the library opens at 9 am.",
        q,
        ctx,
        &["\"Saturdays\" vs \"weekdays\""],
    );
    assert_conflicts(
        "The library opens at 9 am on Saturdays.",
        q,
        ctx,
        &["\"Saturdays\" vs \"weekdays\""],
    );
    for good in [
        "On Saturdays the library opens at 10 am.",
        "It opens at 10 am on Saturdays.",
        "The library opens at 9 am on weekdays.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    // A sentence that lists the claim's day among its scopes states it.
    let ctx = "The pool opens at 7 am on weekdays and Saturdays. It opens at noon on Sundays.";
    assert_conflicts("On Saturdays the pool opens at 7 am.", "", ctx, &[]);
    // A part of the week that holds the claim's day, a scope of another axis, a name: no
    // other scope.
    for (claim, ctx) in [
        (
            "The office is open 9 to 5 on Mondays.",
            "The office is open 9 to 5 on weekdays. Mondays are the busiest.",
        ),
        (
            "The market opens at 8 on Saturdays.",
            "The market opens at 8 in the morning. It is busiest on Saturdays.",
        ),
        (
            "On Saturdays the shuttle stops at the hotel.",
            "The shuttle stops at the Holiday Inn. On Saturdays it runs hourly.",
        ),
    ] {
        assert_conflicts(claim, "", ctx, &[]);
    }
}

#[test]
fn a_bounds_number_changed_is_contradicted() {
    let ctx = "Employees receive 25 days of annual leave per calendar year. Up to five unused \
               days may be carried over into the following year, provided they are taken \
               before 31 March.";
    let q = "Can I carry over unused holiday to next year?";
    let bad = "Yes, you can carry over up to ten days into the following year.";
    assert_conflicts(bad, q, ctx, &["\"ten\" vs \"five\""]);
    for good in [
        "Yes, you can carry over up to five days into the following year.",
        "Yes, up to 5 unused days can be carried over.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    // Another bound, or a bound of another thing, is no rival.
    let toks = |s: &'static str| (s, tokens(s));
    let (c, ct) = toks("You must be at least 18 years old and may bring up to two guests.");
    let (s, st) =
        toks("Members may bring up to four guests. Members must be at least 18 years old.");
    assert_eq!(
        bound_number_swap((c, &ct), (s, &st, &st)),
        Some(("two", "four"))
    );
    let (c, ct) = toks("You may bring up to two children.");
    assert_eq!(bound_number_swap((c, &ct), (s, &st, &st)), None);
    // The claim's value under a bound in another sentence is its support: a negation before a
    // bound turns it into another ("Do not give more than 4" is "no more than 4").
    let (s, st) = toks(
        "Children aged 6 to 11: take one tablet every 4 to 6 hours. Do not give more than 4 \
         tablets in 24 hours. Adults: take 2 tablets, no more than 8 tablets in 24 hours.",
    );
    let (c, ct) = toks("One tablet every 4 to 6 hours, but no more than 4 tablets in 24 hours.");
    let adults = &st[st
        .iter()
        .position(|t| t.raw == "Adults")
        .expect("a sentence")..];
    assert_eq!(bound_number_swap((c, &ct), (s, &st, adults)), None);
    let (c, ct) = toks("One tablet every 4 to 6 hours, but no more than 6 tablets in 24 hours.");
    assert_eq!(
        bound_number_swap((c, &ct), (s, &st, adults)),
        Some(("6", "8"))
    );
}

#[test]
fn a_verb_permitted_against_its_prohibition_is_contradicted() {
    let ctx = "Do not take this medicine with other non-steroidal anti-inflammatory drugs \
               (NSAIDs), such as ibuprofen or naproxen, as this increases the risk of stomach \
               bleeding. Paracetamol can be taken with it.";
    let q = "Can I take ibuprofen with this medicine?";
    assert_conflicts(
        "Yes, ibuprofen can be taken with it safely.",
        q,
        ctx,
        &["permitted vs prohibited"],
    );
    for good in [
        "Paracetamol can be taken with it.",
        "No. Do not take ibuprofen with this medicine.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    assert_conflicts(
        "Do not take paracetamol with it.",
        q,
        ctx,
        &["prohibited vs permitted"],
    );
    // A fact stated with "does not", an imperative of the verb: no prohibition of what the
    // claim permits. (The other side of a condition, "Children over 12 can ride" against
    // "Children under 12 cannot ride", is left by this rule and by the polarity rule,
    // `polarity_reads_the_other_side_of_a_condition_as_no_denial`.)
    for (claim, ctx) in [
        (
            "Side effects may include nausea and headache.",
            "Common side effects include nausea and headache, but this list does not include \
             all possible side effects.",
        ),
        (
            "You can take ibuprofen with food.",
            "Take ibuprofen with food; do not take it on an empty stomach.",
        ),
    ] {
        assert_conflicts(claim, "", ctx, &[]);
    }
    let ctx = "Firmware version 2.4 fixes the Wi-Fi disconnect issue. Do not unplug the router \
               during the update.";
    assert_conflicts(
        "It's fine to unplug it if the update takes too long.",
        "",
        ctx,
        &["permitted vs prohibited"],
    );
}

#[test]
fn polarity_reads_the_other_side_of_a_condition_as_no_denial() {
    // A clause conditioned on one side of a pair (over/under, before/after, more/less, …) is
    // not denied by a negated source clause conditioned on the other side only: they speak of
    // different cases.
    for (claim, ctx) in [
        (
            "Children over 12 can ride the roller coaster.",
            "Children under 12 cannot ride the roller coaster.",
        ),
        (
            "You can cancel before noon.",
            "You cannot cancel after noon.",
        ),
        (
            "Orders of more than $50 ship free.",
            "Orders of less than $50 do not ship free.",
        ),
    ] {
        assert_conflicts(claim, "", ctx, &[]);
    }
    // The same side, or a source that states both sides, still denies it.
    for (claim, ctx) in [
        (
            "Children under 12 can ride the roller coaster.",
            "Children under 12 cannot ride the roller coaster.",
        ),
        (
            "You can cancel after noon.",
            "You cannot cancel after noon.",
        ),
        (
            "You can cancel after noon.",
            "You cannot cancel after noon, only before it.",
        ),
    ] {
        assert_conflicts(claim, "", ctx, &["affirmed vs negated"]);
    }
}

#[test]
fn a_clause_stripped_to_a_negation_keeps_the_condition_before_it() {
    // "…, not a refund" is said after 30 days, as the clause before it is; "within 30 days" is
    // the other side of "after 30 days" ("before" the 30th day), so the refund the sources
    // grant within them is no denial of it.
    let ctx = "Refund policy: Items can be returned for a full refund within 30 days of \
               delivery. After 30 days, we offer store credit only, and items must be unused.";
    let q = "Can I get a refund after 30 days?";
    assert_conflicts(
        "After 30 days you can only get store credit, not a refund.",
        q,
        ctx,
        &[],
    );
    // The same denial within the 30 days is the other side's: still contradicted.
    assert_conflicts(
        "Within 30 days you get store credit, not a refund.",
        q,
        ctx,
        &["negated vs affirmed"],
    );
}

#[test]
fn a_denied_universal_is_not_contradicted_by_a_particular() {
    // "No" to "Do all employees get …?" (and "Not all …") denies the universal only: a source
    // that states it of some employees agrees.
    let ctx = "Employees who have completed at least 12 months of continuous service are \
               eligible for 16 weeks of fully paid parental leave.";
    assert_conflicts(
        "No.",
        "Do all employees get 16 weeks of paid parental leave?",
        ctx,
        &[],
    );
    assert_conflicts(
        "Not all employees get 16 weeks of fully paid parental leave.",
        "",
        ctx,
        &[],
    );
    // A universal the source states too is denied; "at all" is no quantifier.
    let ctx = "All employees are eligible for 16 weeks of fully paid parental leave.";
    assert_conflicts(
        "Not all employees are eligible for 16 weeks of fully paid parental leave.",
        "",
        ctx,
        &["negated vs affirmed"],
    );
    assert_conflicts(
        "The leave is not paid at all.",
        "",
        "The leave is fully paid.",
        &["negated vs affirmed"],
    );
}

#[test]
fn a_number_taken_from_a_parallel_row_is_swapped() {
    let ctx = "Fee schedule. Incoming domestic wire: $15. Outgoing domestic wire: $25. Incoming \
               international wire: $16. Outgoing international wire: $45.";
    assert_conflicts(
        "Incoming domestic wire: $16",
        "",
        ctx,
        &["\"16\" vs \"15\""],
    );
    assert_conflicts(
        "An outgoing domestic wire costs $45.",
        "",
        ctx,
        &["\"45\" vs \"25\""],
    );
    // The right row, and a claim whose words no single row holds, are not judged so.
    assert_conflicts("Incoming domestic wire: $15", "", ctx, &[]);
    assert_conflicts("Receiving a wire from abroad costs $16.", "", ctx, &[]);
}

#[test]
fn the_universal_condition_and_parallel_row_rules_leave_what_they_do_not_read() {
    // A bare generic is read as the universal: "No" to "all" is denied by it.
    assert_contradicted(
        "No.",
        "Do all employees get paid leave?",
        "Employees receive 20 days of paid leave per year.",
        true,
    );
    assert_contradicted(
        "No, not every room has a private bathroom.",
        "Does every room have a private bathroom?",
        "Rooms have a private bathroom and a balcony.",
        true,
    );
    // A claim that names both sides of a condition is denied by either.
    assert_contradicted(
        "Parking is free before 8 am and after 6 pm.",
        "When is parking free?",
        "Parking is not free after 6 pm.",
        true,
    );
    // A word the best row lacks that qualifies another clause of the claim is no swapped row.
    assert_contradicted(
        "The first train leaves at 6:00, but later on weekends.",
        "When does the first train leave?",
        "The first train leaves at 6:00. On weekends, the first train leaves at 8:00.",
        false,
    );
    assert_contradicted(
        "Orders usually arrive in 3 days, though international orders take longer.",
        "How long does delivery take?",
        "Orders usually arrive in 3 days. International orders usually arrive in 10 days.",
        false,
    );
}

#[test]
fn days_between_dates_of_a_sentence_and_the_one_before_are_stated() {
    assert_eq!(days_from_civil(19_700_101.0), 0);
    assert_eq!(
        days_from_civil(20_000_301.0) - days_from_civil(20_000_228.0),
        2
    );
    assert_eq!(
        days_from_civil(19_000_301.0) - days_from_civil(19_000_228.0),
        1
    );
    assert_eq!(date_gaps(&[19_770_905.0], &[19_770_820.0]), vec![16]);
    assert_eq!(
        date_gaps(&[19_770_905.0, 19_770_820.0, 19_790_301.0], &[]),
        vec![16, 542, 558]
    );
    assert!(date_gaps(&[19_770_905.0], &[]).is_empty());
    let ctx = "Voyager 1 was launched by NASA on 5 September 1977. It was launched after its \
        twin, Voyager 2, which lifted off on 20 August 1977. It reached Jupiter in March 1979.";
    let q = "How many days after Voyager 2 did Voyager 1 launch?";
    let good = analyse("16 days.", q, ctx);
    assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    assert!(good.source_gaps.contains(&16), "{:?}", good.source_gaps);
    let bad = analyse("15 days.", q, ctx);
    assert_ne!(bad.claims[0].status, ClaimStatus::Supported, "{bad:?}");
}

#[test]
fn a_year_counted_from_the_last_year_told_is_stated() {
    let mut last = None;
    let toks = tokens("They were first described by Goeze in 1773.");
    assert!(counted_years(&toks, &mut last).is_empty());
    assert_eq!(last, Some(1773));
    let toks = tokens("Four years later, Spallanzani gave the group its name.");
    assert_eq!(counted_years(&toks, &mut last), vec![1777]);
    let toks = tokens("Two decades earlier, nobody had seen one; the following year he died.");
    assert_eq!(counted_years(&toks, &mut last), vec![1757, 1758]);
    // "after" counts from an event of its own, not from the year last told.
    let mut last = Some(1939);
    assert!(counted_years(&tokens("Two years after the war it closed."), &mut last).is_empty());
    let ctx = "Tardigrades were first described by the German zoologist Johann Goeze in 1773. \
        Four years later, the Italian biologist Lazzaro Spallanzani gave the group the name \
        Tardigrada.";
    let q = "Who came up with the name Tardigrada?";
    let good = analyse(
        "The Italian biologist Lazzaro Spallanzani, in 1777.",
        q,
        ctx,
    );
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    assert!(good.source_gaps.contains(&1777), "{:?}", good.source_gaps);
    let bad = analyse(
        "The Italian biologist Lazzaro Spallanzani, in 1779.",
        q,
        ctx,
    );
    assert_ne!(bad.claims[0].status, ClaimStatus::Supported, "{bad:?}");
}

#[test]
fn a_comparison_told_from_its_other_side_is_no_contradiction() {
    let ctx = "Lake Baikal is the deepest lake in the world. Its surface area of roughly 31,700 \
        km² is smaller than that of Lake Superior, yet it holds more water.";
    let q = "which one is bigger by area, baikal or lake superior?";
    let good = analyse("Lake Superior has the larger surface area.", q, ctx);
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    let bad = analyse("Baikal is bigger by area than Lake Superior.", q, ctx);
    assert!(
        bad.claims[0].conflicts.iter().any(|c| c.contains("bigger")),
        "{bad:?}"
    );
    let t = "Lake Superior is larger than Baikal";
    let s = "Baikal is smaller than Lake Superior";
    assert_eq!(direction_pair((t, &tokens(t)), (s, &tokens(s))), None);
    let t = "Baikal is larger than Lake Superior";
    assert_eq!(
        direction_pair((t, &tokens(t)), (s, &tokens(s))),
        Some(("larger", "smaller"))
    );
}

#[test]
fn a_rule_stated_of_the_case_its_sentence_excepts_is_contradicted() {
    let ctx = "You can return most products within 30 days of delivery for a full refund. \
        Opened items are accepted, except in-ear products (earbuds and in-ear monitors), which \
        can only be returned unopened for hygiene reasons.";
    let toks = tokens(ctx);
    let spans = sentence_spans(ctx);
    let second = span_tokens(&toks, spans[1]);
    assert_eq!(
        exception_words(ctx, second)
            .map(|e| e.1)
            .unwrap_or_default(),
        ["in-ear", "product", "earbud", "monitor"]
    );
    let asked = "User: I bought the Pod Pro earbuds 12 days ago and they don't fit.\nAssistant: \
        Have you opened them?\nUser: yes. can I still send them back for a refund?";
    let bad = analyse(
        "Yes, you can. Opened items are accepted within the 30-day window, so you'll get a full \
         refund.",
        asked,
        ctx,
    );
    assert!(
        bad.claims
            .iter()
            .any(|c| c.status == ClaimStatus::Contradicted
                && c.conflicts.iter().any(|x| x.contains("except earbud"))),
        "{bad:?}"
    );
    let good = analyse(
        "Unfortunately not: in-ear items can only be returned unopened, so opened earbuds \
         aren't eligible for a refund.",
        asked,
        ctx,
    );
    // ("aren't eligible" against "are accepted" is the polarity rule's to judge, not this one's.)
    assert!(
        good.claims
            .iter()
            .all(|c| !c.conflicts.iter().any(|x| x.contains("except"))),
        "{good:?}"
    );
    // Asked about a case the exception does not name, the rule holds.
    let speaker = "User: I bought a speaker 12 days ago and opened it. Can I send it back?";
    let fine = analyse(
        "Yes. Opened items are accepted within the 30-day window, so you'll get a full refund.",
        speaker,
        ctx,
    );
    assert!(
        fine.claims
            .iter()
            .all(|c| c.status != ClaimStatus::Contradicted),
        "{fine:?}"
    );
}

#[test]
fn a_quantity_of_the_same_thing_in_another_unit_is_swapped() {
    let ctx = "Ingredients: 500 g strong white bread flour; 2 tsp fine sea salt; 5 tbsp olive \
        oil, divided. Pour 2 tbsp of the oil over the dough and cover it.";
    let q = "How much salt goes in the dough?";
    let bad = analyse("The dough takes 2 tablespoons of fine sea salt.", q, ctx);
    assert!(
        bad.claims[0]
            .conflicts
            .iter()
            .any(|c| c == "\"2 tablespoons\" vs \"2 tsp\""),
        "{bad:?}"
    );
    let good = analyse("The dough takes 2 teaspoons of fine sea salt.", q, ctx);
    assert!(good.claims[0].conflicts.is_empty(), "{good:?}");
    // The number of another thing in another unit swaps nothing.
    let oil = analyse("Pour 2 tablespoons of olive oil over the dough.", "", ctx);
    assert!(oil.claims[0].conflicts.is_empty(), "{oil:?}");
}

#[test]
fn a_business_record_in_json_grounds_its_overview_by_member() {
    let ctx = r#"{"name": "Hernandez Auto Care", "city": "Mesa", "state": "AZ", "hours": {"Monday": "7:30-17:30", "Tuesday": "7:30-17:30", "Saturday": "8:0-13:0"}, "attributes": {"WheelchairAccessible": "True"}}"#;
    // The state by its postal code; the hours in 12-hour writing; a day the record leaves
    // out, said to have no hours.
    for good in [
        "Hernandez Auto Care is in Mesa, Arizona.",
        "Saturday hours are 8 a.m. to 1 p.m., and no Sunday hours are listed.",
    ] {
        assert_contradicted(good, "", ctx, false);
    }
    assert_contradicted("Saturday hours are 8 a.m. to 3 p.m.", "", ctx, true);
    // A sentence that names the closed days states which they are.
    let ctx = "The City Museum opens at 10 am. The City Museum is closed on Mondays.";
    assert_contradicted("The City Museum is closed on Sundays.", "", ctx, true);
}

#[test]
fn an_agent_swapped_across_a_perfect_auxiliary_is_contradicted() {
    let ctx = "Northfield Analytics has bought rival Cedarline Software for $310 million.";
    let right = "Northfield Analytics has bought Cedarline Software for $310 million.";
    let swapped = "Cedarline Software has bought rival Northfield Analytics for $310 million.";
    assert_contradicted(right, "", ctx, false);
    assert_contradicted(swapped, "", ctx, true);
    // "agreed" ends in "eed" as "speed" does, and is a past form (`PAST_IN_EED`).
    let ctx = "Northfield Analytics has agreed to buy rival Cedarline Software.";
    assert_contradicted(
        "Cedarline Software has agreed to buy Northfield Analytics.",
        "",
        ctx,
        true,
    );
    assert_contradicted(
        "Northfield Analytics has agreed to buy Cedarline Software.",
        "",
        ctx,
        false,
    );
    let ctx = "Acme Robotics had also acquired Beta Labs in 2019.";
    assert_contradicted(
        "Beta Labs had also acquired Acme Robotics in 2019.",
        "",
        ctx,
        true,
    );
    assert_contradicted(
        "Acme Robotics had acquired Beta Labs in 2019.",
        "",
        ctx,
        false,
    );
}

#[test]
fn a_markdown_heading_is_stated_of_the_items_of_its_section() {
    let ctx =
        "# Changelog\n\n## [2.4.1] - 2023-04-18\n### Fixed\n- Streaming gzip input no longer \
               truncates the last row when the file lacks a trailing \
               newline (#412).\n\n## [2.3.0] - 2023-01-09\n### Added\n- Read \
               gzip-compressed input transparently.\n- `tabkit stats` subcommand.\n";
    let q = "which version first read gzip files?";
    assert_contradicted("Gzip input support was added in 2.3.0.", q, ctx, false);
    assert_contradicted(
        "The 2.4.1 entry only fixes a bug in streaming gzip input.",
        q,
        ctx,
        false,
    );
    // The item's section states the version and date: the claim is supported.
    let g = analyse(
        "Gzip input was read from 2.3.0 (released 2023-01-09).",
        q,
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    assert_eq!(
        markdown_headings(ctx)
            .iter()
            .map(|h| (&ctx[h.text.0..h.text.1], h.level))
            .collect::<Vec<_>>(),
        [
            ("Changelog", 1),
            ("[2.4.1] - 2023-04-18", 2),
            ("Fixed", 3),
            ("[2.3.0] - 2023-01-09", 2),
            ("Added", 3)
        ]
    );
    assert!(markdown_headings("#1 in the charts\nno heading").is_empty());
    assert!(markdown_headings("A plain source.").is_empty());
}

#[test]
fn a_value_in_a_list_item_is_nearest_the_name_of_its_item() {
    // "13%" is Peru's: "Colombia" stands one token nearer it, across the comma that ends
    // Peru's item; and the question's "percent" is stated by every percentage.
    let ctx = "This region includes territory belonging to nine nations. The majority of the \
               forest is contained within Brazil, with 60% of the rainforest, followed by Peru \
               with 13%, Colombia with 10%, and with minor amounts in Venezuela and Ecuador.";
    let q = "Which country holds 13% of the Amazon rainforest?";
    let proximity = |a: &str| analyse(a, q, ctx).features.answer_question_proximity;
    assert_eq!(proximity("Peru"), 1.0);
    assert!(proximity("Colombia") < 0.7, "{}", proximity("Colombia"));
    let ctx = "Peru with 13%, Colombia with 10%";
    let toks = tokens(ctx);
    assert_eq!(clause_segments(ctx, &toks), [0, 0, 0, 1, 1, 1]);
}

#[test]
fn a_plain_text_section_title_is_said_of_the_lines_below_it() {
    let ctx = "Family Leave Policy\n\n3. Primary caregiver leave\nEmployees with at least 12 \
               months' service receive 18 weeks of leave. Employees with less than 12 months' \
               service receive 10 weeks at full base pay.\n\n4. Secondary caregiver leave\n\
               Employees with at least 6 months' service receive 6 weeks of leave at full base \
               pay. Employees with less than 6 months' service receive 2 weeks at full base pay.\n";
    let q = "I'm the secondary caregiver with 4 months' service. How much leave do I get?";
    // The section's title tells which sentence is the claim's: the secondary caregiver's
    // shorter service gets 2 weeks, not the primary caregiver's 10.
    assert_contradicted(
        "Employees with less than 12 months' service get 2 weeks of secondary caregiver leave.",
        q,
        ctx,
        true,
    );
    assert_contradicted(
        "Employees with less than 6 months' service get 2 weeks of secondary caregiver leave.",
        q,
        ctx,
        false,
    );
    assert_eq!(
        plain_headings(ctx)
            .iter()
            .map(|h| &ctx[h.text.0..h.text.1])
            .collect::<Vec<_>>(),
        ["3. Primary caregiver leave", "4. Secondary caregiver leave"]
    );
    // A title set apart by a blank line heads no lines.
    // Items of one list, a sentence, a labelled line and a bullet are no titles.
    assert!(plain_headings("1. Preheat the oven\n2. Mix the flour\n").is_empty());
    assert!(plain_headings("The oven is hot.\nBake it.\n").is_empty());
    assert!(plain_headings("Attendees: Priya, Lucy\nNotes follow\n").is_empty());
    assert!(plain_headings("- a bullet\ntext\n").is_empty());
    assert_eq!(plain_headings("Directions\n• Take 1 tablet\n").len(), 1);
}

#[test]
fn a_lead_in_dates_its_list_and_a_new_document_ends_the_last_ones_sections() {
    let ctx = "[Document 1] Account fees (effective 1 January 2024)\nCash withdrawals abroad: \
               a £1.50 cash fee per withdrawal.\n\n[Document 2] Letter to customers about \
               changes to your account, sent in April\nFrom 1 July 2024:\n• We're removing the \
               £1.50 cash fee on cash withdrawals abroad.\n• The overdraft buffer rises to \
               £100.\nWe hope you like the changes.\n";
    let q = "Will I pay the cash fee in August?";
    // The item holds its lead-in's date, not the first document's title's.
    assert_contradicted(
        "From 1 July 2024 the £1.50 cash fee on cash withdrawals abroad is removed.",
        q,
        ctx,
        false,
    );
    assert_contradicted(
        "From 1 March 2024 the £1.50 cash fee on cash withdrawals abroad is removed.",
        q,
        ctx,
        true,
    );
    let leads = lead_in_headings(ctx);
    assert_eq!(leads.len(), 1);
    assert_eq!(&ctx[leads[0].text.0..leads[0].text.1], "From 1 July 2024:");
    // Its scope ends with the list's last item.
    assert!(ctx[leads[0].until..].starts_with("We hope"));
    assert_eq!(
        document_breaks(ctx)
            .iter()
            .map(|h| h.line)
            .collect::<Vec<_>>(),
        [0, ctx.find("[Document 2]").unwrap()]
    );
    // A sentence that ends in a colon before no list, a long one, and a numbered line that is
    // no document's label lead nothing and break nothing.
    assert!(lead_in_headings("Note:\nThe fee applies.\n").is_empty());
    assert!(lead_in_headings(
        "Talk to your doctor or pharmacist before giving this medicine if your child is taking:\n\
         - warfarin\n"
    )
    .is_empty());
    assert!(document_breaks("Chapter 2: Fees\nRoom 4 is closed.\n").is_empty());
    assert!(document_breaks("Source 2: the ministry said so.\nIt did.\n").is_empty());
    // A lead-in that denies lends its items no keys: "covered" is said of the fire damage
    // only, not of the flood damage.
    let policy = "Your policy.\nNot covered:\n- flood damage to the garage\n- wear and tear\n\n\
                  Covered in full:\n- fire damage to the house\n";
    let toks = tokens(policy);
    let index = SourceIndex::build(policy, &toks, &LowerVocab::of(&[&toks]), &[], false, None);
    let id = |n: &str| {
        let at = index.norms.iter().position(|m| m == n).expect("a key");
        u32::try_from(at).expect("few keys")
    };
    let sentence_of = |n: &str| index.posting(id(n))[0];
    // (Keys are stems: "cover".)
    assert!(!index.has(sentence_of("flood"), id("cover")));
    assert!(index.has(sentence_of("fire"), id("cover")));
    // Only a lead-in's last sentence is said of its items.
    let two = "The fee was £2 until June. From 1 July:\n- no fee\n";
    let leads = lead_in_headings(two);
    assert_eq!(&two[leads[0].text.0..leads[0].text.1], "From 1 July:");
    assert_eq!(
        document_breaks("Source 3:\n(Doc 4)\nPassage 5 — notes\nsources 5 and 6 agree\n").len(),
        3
    );
}

#[test]
fn a_subheading_holds_no_heading_above_it() {
    // "### Added" under "## [4.2.0] …" adds nothing in 4.2.0: the claim aligns to its item
    // under 4.1.0 and the version conflicts.
    let ctx = "# Changelog\n\n## [4.2.0] - 2024-06-03\n### Added\n- `--dry-run` flag.\n\n\
               ## [4.1.0] - 2024-03-11\n### Added\n- `--exclude` glob patterns for `sync`.\n";
    let g = analyse(
        "The --exclude patterns were added in 4.2.0.",
        "When was --exclude added?",
        ctx,
    );
    assert_ne!(
        g.claims[0].source.as_ref().map(|s| s.text.as_str()),
        Some("### Added"),
        "{g:?}"
    );
}

#[test]
fn a_number_after_a_locator_noun_is_swapped_only_by_that_locator() {
    let ctx = "Employees with at least 12 months' service receive 18 weeks of leave.";
    let q = "How much leave do I get?";
    assert_contradicted(
        "Employees with at least 12 months' service receive 18 weeks of leave (section 4).",
        q,
        ctx,
        false,
    );
    let toks = tokens("as section 4 says");
    assert_eq!(
        number_locator("as section 4 says", &toks, "4"),
        Some("section")
    );
    let toks = tokens("Sections 4 and 5 apply");
    assert_eq!(
        number_locator("Sections 4 and 5 apply", &toks, "4"),
        Some("section")
    );
    let toks = tokens("after 4 weeks");
    assert_eq!(number_locator("after 4 weeks", &toks, "4"), None);
}

#[test]
fn a_parenthetical_aside_is_not_counted_in_local_support() {
    // The owner swapped: the claim's date in parentheses is told by another sentence, and
    // its own proposition is the action sentence's with another owner.
    let ctx = "Attendees: Priya Raman, Lucy Chen.\n- Decision: general release moved from 25 \
               March to 8 April.\n- ACTION: Lucy to notify the four pilot customers of the new \
               date by 18 March.\n- ACTION: Priya to book a session with Marcus.";
    let q = "Can you pull out the action items with owners?";
    let text =
        "- Priya Raman — tell the four pilot customers about the new release date (8 April) \
                — by 18 March";
    assert_contradicted(text, q, ctx, true);
    assert_contradicted(&text.replace("Priya Raman", "Lucy Chen"), q, ctx, false);
    let spans = parenthesised_spans("a (b) c (d");
    assert_eq!(
        spans.iter().map(|r| (r.start, r.end)).collect::<Vec<_>>(),
        [(3, 4)]
    );
}

#[test]
fn a_month_and_its_year_are_one_value() {
    let ctx = "Following the annexation of Austria she fled Germany in July 1938, travelling via \
               the Netherlands to Stockholm. Meitner and Frisch interpreted the result as \
               nuclear fission, publishing their explanation in Nature in February 1939.";
    let q = "When did Meitner leave Germany?";
    // "1939" is a year of the sources and "July" a month of them, but never July 1939.
    assert_contradicted(
        "She fled in July 1939, shortly after she and Frisch published their explanation in \
         Nature.",
        q,
        ctx,
        true,
    );
    assert_contradicted(
        "She fled in July 1938, going through the Netherlands to Stockholm.",
        q,
        ctx,
        false,
    );
    let t = "on 20 July 1969, and in March, 2024 or May of 2020";
    let dates = month_years(t, &tokens(t));
    let found: Vec<_> = dates.iter().map(|d| (d.month, d.year)).collect();
    assert_eq!(found.len(), 2, "{dates:?}");
    assert_eq!(found[1].1, 2024);
}

#[test]
fn a_lower_case_abbreviation_before_a_lower_case_word_ends_no_sentence() {
    let t = "Ten icons (incl. dark-mode variants) ship in 2.1. The rest follow, etc. Then it ends.";
    let spans = sentence_spans(t);
    let texts: Vec<&str> = spans.iter().map(|&(a, b)| &t[a..b]).collect();
    assert_eq!(
        texts,
        [
            "Ten icons (incl. dark-mode variants) ship in 2.1.",
            "The rest follow, etc.",
            "Then it ends."
        ]
    );
    let t = "It is approx. 40 km long.";
    assert_eq!(sentence_spans(t).len(), 1);
}

#[test]
fn a_price_to_the_cent_is_the_price() {
    let ctx = "Cancellations made after this time, and no-shows, will be charged the first \
               night (€148.00).";
    let q = "What if I cancel late?";
    assert_contradicted(
        "After that — or if you don't turn up — you'll be charged the first night, €148.",
        q,
        ctx,
        false,
    );
    assert_contradicted(
        "After that — or if you don't turn up — you'll be charged the full stay, €444.",
        q,
        ctx,
        true,
    );
}

#[test]
fn a_word_set_in_capitals_is_no_name_by_its_capitals() {
    let t = "BOOKING CONFIRMATION for NASA and the FBI";
    let ks = keys(t, (0, t.len()), &LowerVocab::default());
    let of = |norm: &str| ks.iter().find(|k| k.norm == norm).map(|k| k.kind);
    assert_eq!(of("confirmation"), Some(KeyKind::Word), "{ks:?}");
    assert_eq!(of("nasa"), Some(KeyKind::Name), "{ks:?}");
    assert_eq!(of("fbi"), Some(KeyKind::Name), "{ks:?}");
    let toks = tokens(t);
    assert!(shouted_word(&toks, 1));
    assert!(!shouted_word(&toks, 3));
}

#[test]
fn a_date_the_prompt_states_is_the_users_not_the_sources() {
    let ctx = "Children are eligible for a Reception place in September 2024 if they were born \
               between 1 September 2019 and 31 August 2020 inclusive. Children born on or after \
               1 September 2020 should apply for September 2025 entry.";
    let q = "My daughter was born on 2 September 2020. Can she start Reception in September 2024?";
    assert_contradicted(
        "Only children born between 1 September 2019 and 31 August 2020 can start in \
         September 2024, so with a 2 September 2020 birthday she'd apply for September 2025 \
         entry.",
        q,
        ctx,
        false,
    );
}

#[test]
fn a_dash_between_words_marks_off_a_clause() {
    let ctx = "The page and offset parameters were removed in v2. Requests that include page or \
               offset return 400 unsupported_parameter.";
    let q = "How do I paginate?";
    assert_contradicted(
        "Don't use `page` or `offset` — they were removed in v2 and return \
         `400 unsupported_parameter`.",
        q,
        ctx,
        false,
    );
    let t = "It ran 1939–1945 — and it did not stop.";
    let toks = tokens(t);
    assert_eq!(clause_ranges(t, &toks).len(), 2);
    for t in [
        "The champion of the 2004 Siebel Open – Singles was not Andre Agassi.",
        "- Lucy Chen — tell the four pilot customers about the new date — by 18 March",
    ] {
        let toks = tokens(t);
        assert_eq!(clause_ranges(t, &toks).len(), 1, "{t}");
    }
}

#[test]
fn a_sentence_opening_with_where_has_its_main_clause_after_the_comma() {
    let ctx = "Where the claim relates to a close relative who is not insured under this policy, \
               the medical certificate must also state the date the condition was first \
               diagnosed.";
    let q = "What do I need to claim?";
    assert_contradicted(
        "Because she isn't insured on your policy, the certificate must also say when her \
         condition was first diagnosed.",
        q,
        ctx,
        false,
    );
    assert_contradicted(
        "Because she is insured on your policy, the certificate need not say when her \
         condition was first diagnosed.",
        q,
        ctx,
        true,
    );
}

#[test]
fn a_bound_is_found_only_by_a_number_on_its_side() {
    let ctx = "Use Schedule B if you had over $1,500 of taxable interest or ordinary dividends.";
    let q = "Do I need to file Schedule B?";
    for (said, wrong) in [("1,000", true), ("2,000", true), ("1,500", false)] {
        assert_contradicted(
            &format!("Use Schedule B if you had over ${said} of taxable interest."),
            q,
            ctx,
            wrong,
        );
    }
    let ctx = "The stadium holds 21,196 spectators.";
    for (said, wrong) in [
        ("over 20,000", false),
        ("under 20,000", true),
        ("about 20,000", false),
    ] {
        assert_contradicted(
            &format!("The stadium holds {said} spectators."),
            "How many does it hold?",
            ctx,
            wrong,
        );
    }
}

#[test]
fn a_value_called_high_inside_its_reference_range_is_contradicted() {
    let ctx = "Glucose, fasting  97  mg/dL  70–99\nPlatelets  412  x10^3/µL  150–400  H";
    let q = "Which results are flagged?";
    assert_contradicted(
        "- Fasting glucose: 97 mg/dL — slightly high (range 70–99)",
        q,
        ctx,
        true,
    );
    assert_contradicted(
        "- Platelets: 412 — slightly high (range 150–400)",
        q,
        ctx,
        false,
    );
    let said = |t: &str| reference_range_swap(t, &tokens(t)).map(|(s, _)| s);
    assert_eq!(
        said("Ferritin 9 ng/mL is low (normal range 15 to 150)."),
        None
    );
    assert_eq!(
        said("Ferritin 20 ng/mL is low (normal range 15 to 150)."),
        Some("low".into())
    );
    assert_eq!(said("Its TSH of 2.1 is within range (0.4–4.0)."), None);
    assert_eq!(
        said("Its TSH of 6.1 is within range (0.4–4.0)."),
        Some("within".into())
    );
    assert_eq!(
        said("TSH 6.1, normal (range 0.4–4.0)."),
        Some("normal".into())
    );
}

#[test]
fn review_cases_of_the_s54_rules_hold() {
    // A prohibition of an act the sources command is judged by its polarity.
    assert_contradicted(
        "Don't unplug the router before cleaning it.",
        "How do I clean the router?",
        "Unplug the router before cleaning it.",
        true,
    );
    // "normal range" names the range, and a power of ten is no value.
    let said = |t: &str| reference_range_swap(t, &tokens(t)).map(|(s, _)| s);
    assert_eq!(
        said("Fasting glucose was 105 mg/dL (normal range 70–99)."),
        None
    );
    assert_eq!(said("WBC 12.5 x10^9/L — high (range 4.0–11.0)"), None);
    // An acronym beside a capitalised word does not make it shouted.
    let t = "The US CHIPS Act and HIV/AIDS";
    let toks = tokens(t);
    let at = |w: &str| toks.iter().position(|x| x.raw == w).unwrap();
    assert!(!shouted_word(&toks, at("CHIPS")));
    assert!(!shouted_word(&toks, at("AIDS")));
    // A negated bound is no bound; a date the prompt only asks about is the answer's.
    let toks = tokens("no more than 2,000");
    assert_eq!(crate::text::approximator_bound(&toks, 3), None);
    assert_contradicted(
        "Yes, the sale ends on 15 January.",
        "Does the sale end on 15 January?",
        "The sale runs from 2 January until 15 February.",
        true,
    );
}

#[test]
fn a_bracketed_alternative_keeps_its_label() {
    let ctx = "Method\n1. Heat the oven to 180°C (160°C fan, gas 4). Grease and line the tin.\n\
               2. Beat the butter and sugar together until pale.\n\
               4. Spoon into the tin. Bake for 45–50 minutes, until a skewer comes out clean.";
    let q = "I've got a fan oven. What temperature and for how long?";
    assert_conflicts(
        "Set your fan oven to 180°C and bake for 45–50 minutes.",
        q,
        ctx,
        &["\"180°C\" vs \"160°C\""],
    );
    for good in [
        "Set your fan oven to 160°C and bake for 45–50 minutes.",
        "Heat the oven to 180°C and bake for 45–50 minutes.",
        "Heat the oven to 180°C, or 160°C with a fan, and bake for 45–50 minutes.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    // A label before the bracketed value; a conversion in brackets has no label.
    let toks = |s: &'static str| (s, tokens(s));
    let (s, st) = toks("Take 500 mg (children: 250 mg) twice a day.");
    let (c, ct) = toks("Children take 500 mg twice a day.");
    assert_eq!(
        bracketed_alternative_swap((c, &ct), (s, &st)),
        Some(("500 mg", "250 mg"))
    );
    let (s, st) = toks("The trail is 12 km (7.5 miles) long and children walk it too.");
    let (c, ct) = toks("Children walk the 12 km trail.");
    assert_eq!(bracketed_alternative_swap((c, &ct), (s, &st)), None);
    // A denied label, a label in another clause, a bracketed fee: no swap.
    let (s, st) = toks("Heat the oven to 180°C (160°C fan, gas 4).");
    for claim in [
        "If your oven has no fan, heat it to 180°C.",
        "Without a fan, use 180°C.",
    ] {
        let ct = tokens(claim);
        assert_eq!(
            bracketed_alternative_swap((claim, &ct), (s, &st)),
            None,
            "{claim}"
        );
    }
    let (s, st) = toks("Take 500 mg (children: 250 mg) twice a day.");
    let (c, ct) = toks("Adults take 500 mg twice a day; children need less.");
    assert_eq!(bracketed_alternative_swap((c, &ct), (s, &st)), None);
    let (s, st) = toks("Tickets cost €12 (€1.50 booking fee).");
    let (c, ct) = toks("Booking online, a ticket costs €12.");
    assert_eq!(bracketed_alternative_swap((c, &ct), (s, &st)), None);
}

#[test]
fn a_value_of_another_section_than_the_one_named_is_contradicted() {
    let ctx = "Waste Collection 2025\n\nZone A (north of Mill Road)\n\
               - General waste (black bin): Monday, every week\n\
               - Food and garden waste (brown bin): Wednesday, every week\n\n\
               Zone B (south of Mill Road, including Harbour Estate)\n\
               - General waste (black bin): Tuesday, every week\n\
               - Food and garden waste (brown bin): Thursday, every week\n";
    let q = "I live on Harbour Estate. Which day is my brown bin collected?";
    assert_conflicts("Wednesday.", q, ctx, &["\"Wednesday\" vs \"Thursday\""]);
    assert_conflicts(
        "Your brown bin goes out on Wednesday.",
        q,
        ctx,
        &["\"Wednesday\" vs \"Thursday\""],
    );
    assert_conflicts("Thursday.", q, ctx, &[]);
    // Without a section named, or with the value in the named section, no swap.
    assert_conflicts(
        "Wednesday.",
        "Which day is the brown bin collected?",
        ctx,
        &[],
    );
    let q = "I live on Harbour Estate. Which day is my black bin collected?";
    assert_conflicts("Tuesday.", q, ctx, &[]);
    // A prompt that names two sections, the answer from the one it asks about.
    let q = "I live on Harbour Estate but work in Zone A. When is Zone A's brown bin collected?";
    assert_conflicts("Zone A's is Wednesday.", q, ctx, &[]);
}

#[test]
fn a_clause_number_labels_every_sentence_of_its_line() {
    let ctx = "7. RETURN OF VEHICLE\n\
               7.2 A grace period of 29 minutes applies to the agreed return time. If the \
               Vehicle is returned more than 29 minutes late, one full rental day is charged.\n\
               7.3 A one-way fee of EUR 150 applies to returns elsewhere. It is charged on return.";
    let toks = tokens(ctx);
    let index = SourceIndex::build(ctx, &toks, &LowerVocab::of(&[&toks]), &[], false, None);
    let id = |n: &str| {
        let at = index.norms.iter().position(|m| m == n).expect("a key");
        u32::try_from(at).expect("few keys")
    };
    let (seven_two, seven_three) = (id("7.2"), id("7.3"));
    // The sentences are the heading, then two per numbered line.
    assert_eq!(index.posting(seven_two), [1, 2]);
    assert_eq!(index.posting(seven_three), [3, 4]);
    // Clauses run together on one line each keep their own number; a quantity is no clause.
    let ctx = "7.2 A grace period applies. 7.3 A one-way fee applies.\n1.5 Litres of water. Bring it to the boil.";
    let toks = tokens(ctx);
    let index = SourceIndex::build(ctx, &toks, &LowerVocab::of(&[&toks]), &[], false, None);
    let id = |n: &str| {
        let at = index.norms.iter().position(|m| m == n).expect("a key");
        u32::try_from(at).expect("few keys")
    };
    assert_eq!(index.posting(id("7.2")), [0]);
    assert_eq!(index.posting(id("7.3")), [1]);
    assert_eq!(index.posting(id("1.5")), [2]);
}

#[test]
fn a_phrasal_noun_states_no_direction() {
    let ctx = "The winner came in the 88th minute, Okafor rising highest to meet a deep cross \
               from Evan Morris after Reid's cut-back had been cleared.";
    assert_conflicts(
        "Okafor scored the winner in the 88th minute after Reid's cut-back was cleared.",
        "",
        ctx,
        &[],
    );
    // A compound's modifier still reads as its word.
    let toks = tokens("a large-scale cut-back and a grown-up");
    let found: Vec<usize> = directions("a large-scale cut-back and a grown-up", &toks)
        .iter()
        .map(|d| d.at)
        .collect();
    assert_eq!(found, [1]);
}

#[test]
fn an_elliptical_not_denies_its_phrase_not_the_passage() {
    let ctx = "Schedule B (Form 1040) — Who must file. Use Schedule B if you had over $1,500 of \
               taxable interest or ordinary dividends.";
    let q = "I had $1,350 in bank interest last year. Do I need to file Schedule B?";
    assert_conflicts(
        "Not because of the interest — $1,350 is below the $1,500 threshold.",
        q,
        ctx,
        &[],
    );
    // A clause that "not" negates still disagrees, and so does a negative inversion.
    assert_conflicts(
        "You do not need Schedule B if you had over $1,500 of taxable interest.",
        q,
        ctx,
        &["negated vs affirmed"],
    );
    let toks = tokens("Not in 2020 did the company turn a profit.");
    assert!(!subclausal_not(
        "Not in 2020 did the company turn a profit.",
        &toks,
        0
    ));
    let toks = tokens("Not in winter.");
    assert!(subclausal_not("Not in winter.", &toks, 0));
}

#[test]
fn a_bracket_that_sets_an_alternative_aside_denies_no_line_of_the_schedule() {
    let ctx = "Section A – Buildings\nSum insured: £385,000\nStandard excess: £250\nEscape \
               of water excess: £500";
    let q = "A pipe burst upstairs. How much will I pay toward the claim?";
    assert_conflicts(
        "A burst pipe counts as escape of water, so you'd pay the £500 escape of water excess \
         (not the £250 standard excess).",
        q,
        ctx,
        &[],
    );
    // Only a bracket of an amount is set aside; "not" that negates its clause still denies.
    let blank = |aside: &str| " ".repeat(aside.len());
    assert_eq!(
        without_asides("Pay £500 (not the £250 one), then"),
        format!("Pay £500 {}, then", blank("(not the £250 one)"))
    );
    assert_eq!(
        without_asides("Pay £500 (not the £250 one"),
        format!("Pay £500 {}", blank("(not the £250 one"))
    );
    for kept in ["It is (not covered).", "A deposit (not a refundable one)."] {
        assert_eq!(without_asides(kept), kept);
    }
    let aside = "You pay £500 (not the £250 one).";
    assert!(subclausal_not(aside, &tokens(aside), 3));
    for denial in [
        "You pay a £200 deposit (not a refundable one).",
        "It is (not covered).",
    ] {
        let toks = tokens(denial);
        let not = toks.iter().position(|t| t.raw == "not").unwrap();
        assert!(!subclausal_not(denial, &toks, not), "{denial}");
    }
}

#[test]
fn a_time_of_one_line_of_opening_hours_is_not_another_days_time() {
    let ctx = "Riverside Pharmacy – Opening Hours\n\nMonday–Friday: 8:30am – 7:00pm\nSaturday: \
               9:00am – 5:30pm\nSunday: 10:00am – 2:00pm\n\nLunchtime: The pharmacist takes a \
               break 1:00pm–1:30pm on weekdays.";
    let q = "When's the earliest I can pick up my prescription after Easter Monday?";
    let claim = |time: &str| {
        format!(
            "The earliest you can collect is Tuesday from {time}, when normal weekday hours \
             resume (just avoid 1:00–1:30pm, when prescriptions can't be handed out)."
        )
    };
    assert_conflicts(&claim("8:30am"), q, ctx, &[]);
    assert_conflicts(&claim("9:00am"), q, ctx, &["\"Tuesday\" vs \"Saturday\""]);
    // A time two lines state is not read so, nor one of a day the claim counts from another.
    let both = ctx.replace("8:30am", "9:00am");
    let g = analyse(&claim("9:00am"), q, &both);
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    assert_conflicts(
        "If you arrive Friday after 7:00pm, the next chance is 9:00am the following morning.",
        q,
        ctx,
        &[],
    );
}

#[test]
fn a_decimal_weight_restates_a_percentage_of_the_sources() {
    let ctx = "| Component | Weight |\n|---|---|\n| Problem sets | 20% |\n| Midterm exam | 25% |";
    let q = "I got 80 on the problem sets and 70 on the midterm. What's my weighted score so far?";
    let g = analyse(
        "- Problem sets: 80 × 0.20 = 16.0\n- Midterm: 70 × 0.25 = 17.5",
        q,
        ctx,
    );
    assert!(g.claims.iter().all(|c| c.conflicts.is_empty()), "{g:?}");
    assert_eq!(g.shown_arithmetic.len(), 4, "{g:?}");
    // Nor the weight of another row ("20%" is the problem sets').
    let g = analyse("- Midterm: 70 × 0.20 = 14.0", q, ctx);
    assert!(g.shown_arithmetic.is_empty(), "{g:?}");
    // A decimal the sources hold as no percentage derives nothing.
    let g = analyse("- Problem sets: 80 × 0.30 = 24.0", q, ctx);
    assert!(g.shown_arithmetic.is_empty(), "{g:?}");
}

#[test]
fn a_range_of_calendar_names_is_no_name() {
    let ctx = "- Half term: Monday 27 October – Friday 31 October 2025\n- INSET day: Monday 3 \
               November 2025";
    let g = analyse(
        "Half term is Monday 27 – Friday 31 October, but Monday 3 November is an INSET day.",
        "When does half term end?",
        ctx,
    );
    assert!(
        g.claims
            .iter()
            .all(|c| c.conflicts.iter().all(|x| !x.contains("october-friday"))),
        "{g:?}"
    );
}

#[test]
fn a_version_is_swapped_only_by_a_version() {
    let ctx = "## [3.8.0] – 2025-04-30\n### Removed\n- Dropped support for Python 3.8.";
    let q = "We're on Python 3.8. What's the newest version we can upgrade to?";
    assert_conflicts(
        "Python 3.8 support was dropped in 3.8.0, so 3.8.0 and 3.8.1 are out for you.",
        q,
        ctx,
        &[],
    );
}

#[test]
fn an_amount_is_not_swapped_by_a_rate_per_a_unit() {
    let ctx = "Water supply – standing charge: 91 days × £0.1150/day = £10.47\nTotal charges \
               this period: £193.46";
    let q = "How much of this bill is standing charges?";
    assert_conflicts("Standing charges are £10.47 of the £193.46.", q, ctx, &[]);
    // A claim of a rate keeps its rivals, however it writes the rate.
    let claim = "You pay £0.2000 a day for water supply.";
    assert!(may_be_rate(claim, &tokens(claim), 2));
    assert!(!may_be_rate(
        "You pay £10.47.",
        &tokens("You pay £10.47."),
        2
    ));
    let rates = "£0.1150/day, £0.45 per mile, £15 per person, £12/3";
    let toks = tokens(rates);
    let found: Vec<&str> = (0..toks.len())
        .filter(|&i| {
            toks[i].is_number
                && money_rate("£0.1150/day, 45p per mile, £15 per person, £12/3", &toks, i)
        })
        .map(|i| toks[i].raw)
        .collect();
    assert_eq!(found, ["0.1150", "0.45"]);
}

#[test]
fn a_users_count_given_another_counts_qualifier_is_a_swap() {
    let p = "I parked 10 hours on weekdays and 4 at weekends. What do I pay?";
    let pt = tokens(p);
    let given = given_qualifiers(p, &pt);
    assert_eq!(given.len(), 2, "{given:?}");
    let swap = |c: &str| {
        let ct = tokens(c);
        given_count_swap(&given, (c, &ct)).map(|(a, b)| (a.to_string(), b.to_string()))
    };
    assert_eq!(
        swap("That is £3.20 for the 4 weekday hours and £12.00 for the 10 weekend hours."),
        Some(("4 weekday hours".into(), "4 at weekends".into()))
    );
    for claim in [
        "That is £8.00 for the 10 weekday hours and £4.80 for the 4 weekend hours.",
        // The unit the user elided is no qualifier.
        "The 4 hours cost £4.80.",
        "You pay £8.00 for 10 hours.",
    ] {
        assert_eq!(swap(claim), None, "{claim}");
    }
    // Counts with their own nouns, none elided: each noun qualifies its count.
    let p = "We are 3 adults and 2 children.";
    let pt = tokens(p);
    let given = given_qualifiers(p, &pt);
    let c = "2 adults at £10 is £20.";
    let ct = tokens(c);
    assert_eq!(
        given_count_swap(&given, (c, &ct)),
        Some(("2 adults", "2 children"))
    );
    // One count qualified: nothing to swap with.
    let p = "I need 3 inner tubes.";
    let pt = tokens(p);
    assert!(given_qualifiers(p, &pt).is_empty());
}

#[test]
fn a_bound_after_its_count_turned_around_is_a_swap() {
    let toks = |s: &'static str| (s, tokens(s));
    let (s, st) = toks("Rentals of 3 days or more get 15% off the daily rate.");
    let (c, ct) = toks("Rentals of 3 days or less get 15% off the daily rate.");
    assert_eq!(
        bound_number_swap((c, &ct), (s, &st, &st)),
        Some(("3 days or less", "3 days or more"))
    );
    for claim in [
        "Rentals of 3 days or more get 15% off.",
        "Rentals of 3 days or longer get 15% off.",
        // A bound before the count may be negated ("not more than 3"): its side is not read.
        "You get 15% off unless you rent for fewer than 3 days.",
    ] {
        let ct = tokens(claim);
        assert_eq!(
            bound_number_swap((claim, &ct), (s, &st, &st)),
            None,
            "{claim}"
        );
    }
    // A bound right after the number counts the word after it.
    let (s3, st3) = toks("Groups of 6 or more people pay a £50 cleaning fee.");
    let (c, ct) = toks("Groups of 4 or more people pay a £50 cleaning fee.");
    assert_eq!(
        bound_number_swap((c, &ct), (s3, &st3, &st3)),
        Some(("4", "6"))
    );
    let (c, ct) = toks("Groups of 6 or fewer people pay a £50 cleaning fee.");
    assert_eq!(
        bound_number_swap((c, &ct), (s3, &st3, &st3)),
        Some(("6 or fewer", "6 or more"))
    );
    // The sources state the claim's side elsewhere: no swap.
    let both = "Children 12 and under go free. Rentals of 3 days or more get 15% off; rentals of \
                3 days or less keep their deposit.";
    let bt = tokens(both);
    let at = |w: &str| bt.iter().position(|t| t.raw == w).unwrap();
    let sent = &bt[at("Rentals")..at("rentals")];
    let (c, ct) = toks("Rentals of 3 days or less keep their deposit.");
    assert_eq!(bound_number_swap((c, &ct), (both, &bt, sent)), None);
    assert_eq!(
        bound_number_swap((c, &ct), (both, &bt[..at("rentals")], sent)),
        Some(("3 days or less", "3 days or more"))
    );
}

#[test]
fn a_bare_over_bounds_an_amount_of_money() {
    let toks = |s: &'static str| (s, tokens(s));
    let (s, st) = toks(
        "Use Schedule B if you had over $1,500 of taxable interest or ordinary dividends. Homes \
         over £10 million often hold a media room.",
    );
    let (c, ct) = toks("Schedule B is required once taxable interest goes over $1,000.");
    assert_eq!(
        bound_number_swap((c, &ct), (s, &st, &st)),
        Some(("1,000", "1,500"))
    );
    let (c, ct) = toks("You only need Schedule B if your taxable interest is over $1,500.");
    assert_eq!(bound_number_swap((c, &ct), (s, &st, &st)), None);
    // A ceiling of money is no floor of money (the longest phrase decides: "no more than");
    // a scale word is part of the value; a phrasal verb's "over" is no bound; over a place or
    // a span of time is no bound.
    for claim in [
        "A media room can cost up to £100,000.",
        "A media room costs no more than £100,000.",
    ] {
        let ct = tokens(claim);
        assert_eq!(
            bound_number_swap((claim, &ct), (s, &st, &st)),
            None,
            "{claim}"
        );
    }
    let (s2, st2) = toks("Grants fund projects of more than $2,000,000.");
    let (c, ct) = toks("Grants fund projects of more than $2 million.");
    assert_eq!(bound_number_swap((c, &ct), (s2, &st2, &st2)), None);
    let (s2, st2) = toks("Plans may let you carry over $640 of unused funds into 2025.");
    let (c, ct) = toks("In 2024 you could carry over $610 of unused funds.");
    assert_eq!(bound_number_swap((c, &ct), (s2, &st2, &st2)), None);
    let (c, ct) = toks("The bridge over 3 rivers opened.");
    let (s, st) = toks("The bridge spans over 2 rivers.");
    assert_eq!(bound_number_swap((c, &ct), (s, &st, &st)), None);
}

#[test]
fn a_count_of_the_items_the_answer_lists_is_no_number_of_the_sources() {
    let ctx = "TEST       RESULT   UNITS   REFERENCE RANGE   FLAG\n\
               Hemoglobin 13.1     g/dL    13.5–17.5         L\n\
               Ferritin   18       ng/mL   30–400            L";
    let q = "Which of my results are outside the normal range?";
    let listed = "Two are low: hemoglobin at 13.1 g/dL and ferritin at 18 ng/mL.";
    let g = analyse(listed, q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // The same number read as the sources' when it counts no list of as many items …
    let miscounted = "Three are low: hemoglobin at 13.1 g/dL and ferritin at 18 ng/mL.";
    let g = analyse(miscounted, q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // … or when the question asks for a count, which the sources may state.
    let ctx = "Mars has two small moons, Phobos and Deimos, which are thought to be captured \
               asteroids.";
    let g = analyse(
        "Mars has three moons: Phobos, Deimos and Titan.",
        "How many moons does Mars have?",
        ctx,
    );
    assert_eq!(g.claims[0].conflicts, ["\"3\" vs \"2\""], "{g:?}");
    // … or when the sources count things in words: the count is theirs to judge.
    let ctx = "Three results were flagged low: hemoglobin at 13.1, ferritin at 18 and B12 at 150.";
    let g = analyse("Two are low: hemoglobin and ferritin.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn counts_own_list_reads_inline_and_bulleted_lists() {
    // The claim is the first line (an answer's claims end at a line break).
    let own = |text: &str, i: usize| {
        let line = text.find('\n').unwrap_or(text.len());
        let toks: Vec<_> = crate::text::tokens(text)
            .into_iter()
            .filter(|t| t.start < line)
            .collect();
        counts_own_list(text, &toks, i)
    };
    assert!(own("Two are low: hemoglobin (13.1) and ferritin.", 0));
    assert!(own(
        "The three are: Meet the Parents, Meet the Fockers and Little Fockers.",
        1
    ));
    assert!(own(
        "There are 3 issues: a typo, a broken link, and a stale date.",
        2
    ));
    assert!(!own("Two films: \"A,\" \"B,\" and \"C\".", 0));
    assert!(own(
        "Three changes:\n- A\n  - a detail\n- B\n- C\nThat is all.",
        0
    ));
    // The colon of a later line is no list of this claim's.
    assert!(!own("The audit covered two sites.\nFindings:\n- A\n- B", 4));
    assert!(own("Four results are flagged:\n- A\n- B\n- C\n- D", 0));
    assert!(!own("Four results are flagged:\n- A\n- B\n- C", 0));
    // A label's number, and a count with a colon right after it, count no list.
    assert!(!own("Step 2: open the lid and press start.", 1));
    assert!(!own(
        "Patients had grade 3 toxicities: neutropenia, anemia and fatigue.",
        3
    ));
    assert!(!own("Two: the lid and the start button.", 0));
}

#[test]
fn a_bare_number_after_a_quantity_keeps_its_unit() {
    let ctx = "On eco mode I get around 35 minutes, but on boost it's closer to 9, so I end up \
               charging it every other day.";
    let q = "What did this reviewer think of the battery life?";
    let g = analyse(
        "They get roughly 35 minutes on eco mode but only about 9 minutes on boost.",
        q,
        ctx,
    );
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A number that counts something else is no quantity of that unit.
    let ctx = "The reef has 900 islands stretching for over 2,300 kilometres.";
    let g = analyse(
        "It stretches for about 900 kilometres.",
        "How long is it?",
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // Nor is a label's number after a quantity.
    let ctx = "The flight takes 95 minutes and leaves from gate 12.";
    let g = analyse(
        "The flight takes 12 minutes.",
        "How long is the flight?",
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn a_value_the_sources_changed_is_not_the_value_now() {
    let ctx = "## [3.2.0] - 2024-05-14\n### Changed\n- Default `fetchTimeout` raised from 30s to \
               60s to accommodate large remote fonts.\n\n## [3.0.0] - 2023-11-20\n### Changed\n\
               - Default `fetchTimeout` set to 30s (was previously unlimited).";
    let q = "What's the default fetchTimeout now?";
    let g = analyse("Default `fetchTimeout`: 30 seconds.", q, ctx);
    assert_eq!(g.claims[0].conflicts, ["\"30\" vs \"60\""], "{g:?}");
    for fine in [
        "Default `fetchTimeout`: 60 seconds.",
        "The default fetchTimeout is 60 seconds, raised from 30 seconds in 3.2.0.",
        "It was 30 seconds before 3.2.0.",
    ] {
        let g = analyse(fine, q, ctx);
        assert!(
            g.claims.iter().all(|c| c.conflicts.is_empty()),
            "{fine}: {g:?}"
        );
    }
    // A range is no change.
    let hours = "The library is open from 9 to 17 on weekdays. The cafe opens from 10 to 16.";
    let g = analyse(
        "The library opens at 9.",
        "When does the library open now?",
        hours,
    );
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    // A claim that does not name the thing changed, and a clock time, are not read so.
    let plans = "The Pro plan price was raised from $20 to $25. The Basic plan stays at $20.";
    let g = analyse(
        "The Basic plan costs $20.",
        "What does Basic cost now?",
        plans,
    );
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    let moved = "The last train was moved from 18:30 to 18:45.";
    let g = analyse(
        "The last train leaves at 18:30.",
        "When is the last train now?",
        moved,
    );
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    // Only when the question asks for the value now (not a "Now," that opens it).
    let g = analyse(
        "The default fetchTimeout is 30 seconds.",
        "Now, what was the default fetchTimeout in 3.0.0?",
        ctx,
    );
    assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
}

#[test]
fn a_value_within_a_bound_written_after_it_is_no_rival() {
    let ctx = "CS 450 Machine Learning — Prerequisites: CS 301 and MATH 240. All courses \
               numbered 300 and above require junior standing (60 or more earned credits).";
    let q = "What do I need before I can take CS 450?";
    assert_conflicts(
        "Both CS 301 and CS 450 require junior standing, i.e. at least 60 earned credits.",
        q,
        ctx,
        &[],
    );
    // A value the bound excludes, or a bound the claim states itself, still conflicts.
    let ctx = "Our adult classes are open to participants aged 16 and up.";
    let q = "How old must you be for an adult class?";
    assert_conflicts(
        "Adult classes are open to participants aged 18 and up.",
        q,
        ctx,
        &["\"18\" vs \"16\""],
    );
    assert_conflicts(
        "Adult classes are open to participants aged 12 or older.",
        q,
        ctx,
        &["\"12\" vs \"16\""],
    );
    // A quantity is a threshold of its own, not an identifier within the bound.
    assert_contradicted(
        "You must be 25 to rent a car.",
        "How old must I be to rent a car?",
        "Drivers 21 and over may rent a car.",
        true,
    );
}

#[test]
fn a_title_in_brackets_the_sources_give_its_code_is_no_swap() {
    let ctx = "CS 301 Algorithms — Prerequisites: CS 201 and CS 150.\nCS 450 Machine Learning — \
               Prerequisites: CS 301 and MATH 240 (Linear Algebra).";
    let q = "What do I still need before I can take CS 450?";
    assert_conflicts(
        "You still need CS 301 (Algorithms) and MATH 240 (Linear Algebra).",
        q,
        ctx,
        &[],
    );
    // A title the sources give another code is a swap.
    let ctx = "CS 301 Algorithms. CS 310 Operating Systems.\nCS 450 Machine Learning — \
               Prerequisites: CS 301 and MATH 240 (Linear Algebra).";
    assert_contradicted(
        "You still need CS 301 (Operating Systems) and MATH 240 (Linear Algebra).",
        q,
        ctx,
        true,
    );
    // One sentence that holds code and title apart is no apposition.
    let ctx = "Core courses: CS 301 Algorithms, CS 310 Operating Systems.\nCS 450 — \
               Prerequisites: CS 301 and MATH 240.";
    assert_contradicted(
        "CS 450 requires CS 301 (Operating Systems) and MATH 240.",
        q,
        ctx,
        true,
    );
}

#[test]
fn financial_abbreviations_state_what_the_release_spells_out() {
    let ctx = "Second Quarter Highlights\n- Total revenue was $412.6 million, an increase of 18% \
               year-over-year.\nFor the third quarter of fiscal 2025, Northwind expects total \
               revenue of $428 million to $432 million. For the full fiscal year 2025, the \
               company is raising its revenue guidance to $1.665 billion to $1.675 billion.";
    let q = "Give me the key numbers from this press release.";
    for good in [
        "- Q2 FY2025 revenue: $412.6M, up 18% YoY",
        "- Q3 guidance: revenue $428–432M",
        "- FY2025 revenue guidance raised to $1.665–1.675B",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    assert_contradicted("- Q3 guidance: revenue $438–442M", q, ctx, true);
}

#[test]
fn a_range_end_changed_is_contradicted_by_the_range_with_its_start() {
    let ctx = "Holiday exceptions 2024:\n- Easter Monday (Apr 1): Closed\n- Christmas Eve (Dec \
               24): 8:00 am – 3:00 pm\n- New Year's Eve (Dec 31): 8:00 am – 4:00 pm";
    let q = "Is the pharmacy open on Christmas Eve, and until what time?";
    assert_conflicts(
        "Yes — on Christmas Eve (Dec 24) it is open from 8:00 am to 3:00 pm.",
        q,
        ctx,
        &[],
    );
    assert_conflicts(
        "Yes — on Christmas Eve (Dec 24) it is open from 8:00 am to 4:00 pm.",
        q,
        ctx,
        &["\"4\" vs \"3\""],
    );
}

#[test]
fn a_recipe_scaled_for_more_people_states_its_quantities_times_the_factor() {
    let ctx = "Lemon Ricotta Pancakes\nServes 4 (makes about 12 pancakes)\n\nIngredients\n- 250 g \
               ricotta\n- 3 large eggs, separated\n- 180 ml milk\n- 1½ tsp baking powder\n- 2 \
               tbsp caster sugar";
    let q = "I need to make this for 6 people. Can you scale the ingredients?";
    for good in [
        "For 6 servings (1.5× the recipe):",
        "- 375 g ricotta",
        "- 270 ml milk",
        "- 2¼ tsp baking powder",
        "- 3 tbsp caster sugar",
        "That should give you about 18 pancakes.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    assert_conflicts("- 240 ml milk", q, ctx, &["\"240\" vs \"180\""]);
    assert_contradicted("- 3 tsp baking powder", q, ctx, true);
    // Without a count to scale to, or a request to scale, the sources' quantities are the
    // ones to state.
    assert_contradicted("- 270 ml milk", "What goes into these pancakes?", ctx, true);
    let g = analyse(
        "- 270 ml milk",
        "We are 6 people. How much milk goes in?",
        ctx,
    );
    assert!(g.source_computed.is_empty(), "{g:?}");
    assert_ne!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // A temperature, a time or a tin is the same for any number of people.
    let ctx = "Serves 4.\n- 200 g flour\n- Bake at 180°C for 25 minutes in a 23 cm tin.";
    let q = "Can you scale this recipe for 8 people?";
    assert_conflicts("- 400 g flour", q, ctx, &[]);
    assert_contradicted("- Bake for 50 minutes.", q, ctx, true);
}

#[test]
fn a_mixed_number_is_one_value_however_it_is_written() {
    let ctx = "Ingredients: 1 1/2 cups flour, 2 eggs and 3 ½ tbsp butter.";
    let q = "What goes into the batter?";
    for good in [
        "You need 1½ cups flour, 2 eggs and 3½ tbsp butter.",
        "You need 1 ½ cups flour, 2 eggs and 3 1/2 tbsp butter.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    assert_contradicted(
        "You need 2½ cups flour, 2 eggs and 3½ tbsp butter.",
        q,
        ctx,
        true,
    );
}

#[test]
fn servings_the_user_takes_scale_the_labels_per_serving_values() {
    let ctx = "GRANOLA – Nutrition Information\nTypical values    Per 100 g    Per 45 g serving\nEnergy \
               1,890 kJ / 451 kcal  851 kJ / 203 kcal\nProtein    11.0 g    5.0 g\nSalt    0.30 g    \
               0.14 g\n\nPack contains approx. 11 servings.";
    let q = "I usually have 2 servings of this for breakfast. How many calories is that?";
    for good in [
        "- **Energy:** 406 kcal (1,702 kJ)",
        "- **Protein:** 10.0 g",
        "- **Salt:** 0.28 g",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
    assert_conflicts("- **Energy:** 426 kcal", q, ctx, &["\"426\" vs \"1890\""]);
    // Without the user's count of servings, the label's values are the ones to state.
    assert_contradicted(
        "- **Protein:** 10.0 g",
        "How much protein is in it?",
        ctx,
        true,
    );
    let g = analyse(
        "- **Protein:** 10.0 g",
        "I had two servings. How much protein?",
        ctx,
    );
    assert!(!g.source_computed.is_empty(), "{g:?}");
    // A count of servings the user reads off the sources is no count they take.
    let g = analyse(
        "- **Protein:** 55 g",
        "The bag says 11 servings. How much protein?",
        ctx,
    );
    assert!(g.source_computed.is_empty(), "{g:?}");
}

#[test]
fn a_street_names_abbreviated_tail_is_its_word() {
    let ctx = "Road resurfacing contract — Elm Avenue and Quarry Road. The contract was awarded \
               to Northline Paving Ltd. for $612,450.";
    let q = "Summarise the decisions.";
    assert_conflicts(
        "Road resurfacing (Elm Ave & Quarry Rd): contract awarded to Northline Paving Ltd. for \
         $612,450.",
        q,
        ctx,
        &[],
    );
    assert_contradicted(
        "Road resurfacing (Oak Ave & Quarry Rd): contract awarded to Northline Paving Ltd. for \
         $612,450.",
        q,
        ctx,
        true,
    );
    // An ordinal's street, a tail before a word, and "St." ending the text.
    let ctx = "The shop moved from 5th Avenue to Mill Street. It opened in 1990 near the Quarry \
               Road landfill.";
    for good in [
        "The shop moved from 5th Ave to Mill St.",
        "It opened in 1990 near the Quarry Rd landfill.",
    ] {
        assert_conflicts(good, q, ctx, &[]);
    }
}

#[test]
fn a_date_in_digits_states_its_month() {
    let ctx =
        "11/03/2025 07:55  Arrived at depot – Midlands Sortation Centre, Daventry\n13/03/2025 \
               13:27  Delivered – left with neighbour at No. 14";
    let q = "When did it get delivered?";
    let g = analyse("It was delivered on 13 March 2025 at 13:27.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // Either reading of a date that reads both ways.
    let g = analyse("On 11 March it arrived at Daventry.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // A date that reads both ways is read in the order the sources' other dates show
    // ("13/03/2025": day first), so "11/03/2025" is no 3 November.
    let g = analyse("On 3 November it arrived at Daventry.", q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // A month neither reading gives is no month of the sources.
    let g = analyse("It was delivered on 13 April 2025 at 13:27.", q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
}

#[test]
fn a_dot_leader_leads_to_its_lines_value() {
    let ctx = "Energy: 519 kWh @ 28.40p/kWh ............ £147.40\nSubtotal \
               ................................. £163.89";
    let q = "How much was the energy?";
    assert_conflicts("The energy came to £147.40.", q, ctx, &[]);
    assert_contradicted("The energy came to £174.40.", q, ctx, true);
    // An ellipsis still ends its sentence.
    let spans = crate::grounding::sentence_spans("I waited... 20 minutes later it came.");
    assert_eq!(spans.len(), 2, "{spans:?}");
}

#[test]
fn a_no_phrase_denies_its_own_words_and_with_or_without_leaves_a_thing_optional() {
    // The bracket's "no" denies the fizzy drinks, not the packed lunch.
    let ctx = "What to bring:\n- Sleeping bag and pillowcase\n- Packed lunch and drink for \
               Wednesday only (no fizzy drinks or nuts, please)\n- Named water bottle";
    let q = "do they need a packed lunch?";
    assert_conflicts(
        "Yes, they need a packed lunch and drink for Wednesday.",
        q,
        ctx,
        &[],
    );
    // (A negated claim, "No, they don't need a packed lunch", still agrees with the clause
    // its "no" phrase negates: `polarity_mismatch` reads a negated claim clause against the
    // source clause's polarity whatever its "no" phrases deny.)
    // The fizzy drinks are denied still.
    assert_conflicts(
        "They can bring fizzy drinks with their packed lunch.",
        q,
        "Packed lunch and a drink for Wednesday. Please pack no fizzy drinks or nuts.",
        &["affirmed vs negated"],
    );
    // A "no deadline" where the sources set no date agrees.
    let ctx =
        "- ACTION: Dev to add automated contrast checks to the regression suite (no date set).";
    assert_conflicts(
        "- Dev — add automated contrast checks to the regression suite — no deadline set",
        "list the actions",
        ctx,
        &[],
    );
    // "with or without a receipt": not needing one is what the source states.
    let ctx = "Return them to any store that sells Greenfield products for a full refund (with \
               or without a receipt).";
    let q = "what do i do with it";
    assert_conflicts(
        "Return it to any store that sells Greenfield products for a full refund — you don't \
         need a receipt.",
        q,
        ctx,
        &[],
    );
    assert_conflicts(
        "You don't get a full refund at stores that sell Greenfield products.",
        q,
        ctx,
        &["negated vs affirmed"],
    );
    // Denying the refund itself is no statement of what is optional.
    assert_conflicts(
        "You won't get a full refund at a Greenfield store without a receipt.",
        q,
        ctx,
        &["negated vs affirmed"],
    );
}

#[test]
fn money_is_swapped_by_money_and_no_number_by_a_date_written_in_digits() {
    let ctx = "SUMMARY\nBalance brought forward (01/01/2023)        £182,450.17\nInterest \
               charged                          + £6,893.41\nBalance carried forward \
               (31/12/2023)        £177,322.30";
    assert_conflicts(
        "Your balance went down by £5,127.87 in 2023, from £182,450.17 to £177,322.30.",
        "How much did my balance go down?",
        ctx,
        &[],
    );
    // Another amount of the sentence still swaps it.
    let ctx = "How income tax is worked out (2024/25 tax year)\n\nTotal income tax for the year: £5,886.00.";
    let g = analyse("Total income tax for the year: £6,886.00.", "", ctx);
    assert_eq!(g.claims[0].conflicts, ["\"6886\" vs \"5886\""], "{g:?}");
    // The end of a range that opens with money is money.
    let ctx = "Ticket prices went from £20 to 25 this year.";
    let g = analyse("Ticket prices went from £20 to £30 this year.", "", ctx);
    assert_eq!(g.claims[0].conflicts, ["\"30\" vs \"25\""], "{g:?}");
}

#[test]
fn the_minutes_of_a_compound_duration_are_no_unit_swap() {
    let ctx = "Arrive Frankfurt 09:25. Depart Frankfurt 12:10. Please allow at least 45 minutes \
               to transfer between terminals.";
    assert_conflicts(
        "Your layover in Frankfurt is 2 hours 45 minutes.",
        "how long is my layover in frankfurt?",
        ctx,
        &[],
    );
    // A compound the sources state as the claim does restates it; a unit swapped is swapped.
    let ctx = "He died aged 70 years, 126 days. The battery lasts 10 hours.";
    assert_conflicts(
        "70 years, 126 days",
        "How old was he when he died?",
        ctx,
        &[],
    );
    assert_conflicts(
        "The battery lasts 10 days.",
        "How long does the battery last?",
        ctx,
        &["\"10 days\" vs \"10 hours\""],
    );
}

#[test]
fn a_day_is_swapped_by_a_day_and_no_number_by_a_date_in_digits_a_clock_or_a_heading() {
    // A day against a booking reference: no rival; against another day: one.
    let ctx = "Booking reference: LH-30917 Date: Saturday 22 February 2025 Time: 19:30";
    assert_conflicts(
        "Your booking is on Saturday 23 February.",
        "when is it?",
        ctx,
        &["\"23\" vs \"22\""],
    );
    let g = analyse(
        "Your booking is Saturday 22 February, so the cutoff is Thursday 20 February.",
        "when is it?",
        ctx,
    );
    assert!(
        g.claims
            .iter()
            .all(|c| c.conflicts.iter().all(|x| !x.contains("30917"))),
        "{g:?}"
    );
    // A count of miles is no rival of a date or a clock's numbers.
    let ctx = "Pick-up: Fri 14/03/2025 10:00\nIncluded mileage: 200 miles per rental day.";
    let g = analyse(
        "You get 200 miles per rental day from Fri 14/03/2025.",
        "how many miles?",
        ctx,
    );
    assert!(
        g.claims.iter().all(|c| c
            .conflicts
            .iter()
            .all(|x| !x.contains("\"03\"") && !x.contains("\"10\""))),
        "{g:?}"
    );
}

#[test]
fn a_release_note_that_drops_support_ends_what_no_longer_holds() {
    let ctx = "## 3.4.1\n- Connection pool no longer leaks sockets when a request is cancelled \
               mid-stream (#812)\n## 4.0.0\n- Dropped support for Python 3.8.";
    assert_conflicts(
        "Python 3.8 is no longer supported.",
        "what changed?",
        ctx,
        &[],
    );
}

#[test]
fn a_running_total_over_derived_amounts_is_derived_to_its_end() {
    let ctx = "Estimated total at pick-up: £272.50 (incl. VAT)\n\nMILEAGE\n- Allowance: 150 miles \
               per rental day (750 miles for this rental).\n- Excess mileage: £0.22 per mile over \
               the allowance.\n- Odometer at pick-up: 28,412\n\nFUEL\n- If returned with less \
               than a full tank, we will refuel at £2.10 per litre plus a £15.00 refuelling \
               service fee.";
    let q = "I returned the car with the odometer reading 29,332 and they said the tank needed \
             12 litres. How much extra will I be charged?";
    let right = "You drove 920 miles (29,332 − 28,412), which is 170 miles over your 750-mile \
                 allowance, so the excess mileage charge is 170 × £0.22 = £37.40. Refuelling 12 \
                 litres at £2.10 comes to £25.20, plus the £15.00 service fee, making £40.20. \
                 Together that's £77.60 extra, which takes your bill from £272.50 to £350.10.";
    let g = analyse(right, q, ctx);
    assert!(g.claims.iter().all(|c| c.conflicts.is_empty()), "{g:?}");
    // 920, 170 twice, 37.40, 25.20, 40.20, 77.60, 350.10.
    assert_eq!(g.shown_arithmetic.len(), 8, "{g:?}");
    // A total two known amounts do not make is none.
    let g = analyse(&right.replace("£77.60", "£87.60"), q, ctx);
    assert_eq!(g.shown_arithmetic.len(), 6, "{g:?}");
    assert!(!g.shown_arithmetic.contains(&right.find("77.60").unwrap()));
    // Nor is a sum without a word that says so.
    let g = analyse(
        "Refuelling 12 litres at £2.10 comes to £25.20. The fee is £15.00. You pay £40.20.",
        q,
        ctx,
    );
    assert_eq!(g.shown_arithmetic.len(), 1, "{g:?}");
}

#[test]
fn an_amount_in_pence_times_a_count_is_a_result_in_pounds() {
    let ctx = "| Period | Unit rate |\n|---|---|\n| Off-peak | 8.95p/kWh |\n| Day | 26.40p/kWh |";
    let q = "What would 40 kWh of EV charging cost me off-peak compared with the day rate?";
    let g = analyse(
        "Off-peak it costs 40 × 8.95p = £3.58, whereas at the 26.40p day rate it would be \
         £10.56. That's a saving of £6.98.",
        q,
        ctx,
    );
    assert_eq!(g.shown_arithmetic.len(), 3, "{g:?}");
    let g = analyse("At the 26.40p day rate it would be £11.56.", q, ctx);
    assert!(g.shown_arithmetic.is_empty(), "{g:?}");
}

#[test]
fn a_weekday_the_calendar_does_not_give_a_full_date_is_contradicted() {
    let ctx = "Winter sailings (1 October – 31 March). Departs Carrick Island: Mon–Sat: 08:40, \
               18:25; Sunday: 11:10, 16:10.";
    let q = "I'm coming back on 12 October 2025. What's the last ferry?";
    for (text, wrong) in [
        (
            "12 October 2025 is a Sunday, so the last ferry is the 16:10.",
            false,
        ),
        (
            "12 October 2025 falls on a Saturday, so the last ferry is the 18:25.",
            true,
        ),
        ("Sunday, 12 October 2025 has a last ferry at 16:10.", false),
        ("Saturday, 12 October 2025 has a last ferry at 16:10.", true),
    ] {
        let g = analyse(text, q, ctx);
        let said = g.claims[0]
            .conflicts
            .iter()
            .any(|c| c.contains("Sunday 12 October 2025"));
        assert_eq!(said, wrong, "{text}: {g:?}");
        // The conflict is the claim's own: its source states none of it.
        assert_eq!(g.claims[0].contradicts_itself, wrong, "{text}: {g:?}");
    }
    // A weekday of another date beside it, a range of days or weekdays, a recurring weekday,
    // or one the sources state of the date themselves, is no weekday the claim gives it.
    let misdated = |text: &str, stated: &[&str]| misdated_weekday(text, &tokens(text), stated);
    for text in [
        "Saturday 11 and Sunday 12 October 2025 both run the winter timetable.",
        "The course runs Monday to Friday, 6–10 October 2025, in Room 4.",
        "Slots are on Sunday 12 October 2025, Monday 13 October 2025 and Tuesday 14 October 2025.",
        "Collections due on 29 December 2025 will be on Tuesday 30 December 2025.",
        "From 5 January 2026, on Sundays the library opens at 11am.",
        "From 1 October 2025 it's Monday to Friday only.",
    ] {
        assert_eq!(misdated(text, &[]), None, "{text}");
    }
    let fire = "The fire began on Sunday, 2 September 1666.";
    assert_eq!(misdated(fire, &[]), None);
    let late = "The meeting is on Monday, 2 September 2027.";
    assert!(misdated(late, &[]).is_some());
    assert_eq!(misdated(late, &["Meeting: Monday, 2 September 2027"]), None);
}

#[test]
fn a_difference_over_or_under_a_bound_keeps_its_direction() {
    let ctx = "- Allowance: 750 miles for this rental.\n- Odometer at pick-up: 28,412";
    let q = "I returned the car with the odometer reading 29,332. Do I owe anything for mileage?";
    let over = "You drove 920 miles (29,332 − 28,412), which is 170 miles over your 750-mile \
                allowance.";
    assert_eq!(analyse(over, q, ctx).shown_arithmetic.len(), 2);
    let under = over.replace(" over ", " under ");
    assert_eq!(analyse(&under, q, ctx).shown_arithmetic.len(), 1);
}

#[test]
fn a_sum_of_two_numbers_the_sources_hold_is_no_running_total() {
    let ctx = "120 patients were enrolled: 80 received the drug and 40 the placebo. 30 patients \
               on the drug responded.";
    let q = "How many patients took part?";
    let g = analyse(
        "The drug group had 80 patients, of whom 30 responded. Altogether 110 patients took part.",
        q,
        ctx,
    );
    assert!(g.shown_arithmetic.is_empty(), "{g:?}");
}

#[test]
fn a_running_balance_takes_the_nearest_amount_from_another() {
    let ctx = "Monthly credits: Dedicated Desk – 20 credits. Boardroom: 3 credits per hour. \
               Unused credits roll over, up to 10 a month.";
    let q = "I had 14 credits left over. I want the boardroom for 3 hours.";
    let right = "10 of your 14 credits roll over, giving you 20 + 10 = 30 credits. The boardroom \
                 uses 3 × 3 = 9 credits and will leave you with 21.";
    let at = right.find("21").unwrap();
    assert!(analyse(right, q, ctx).shown_arithmetic.contains(&at));
    // A balance that drops a term (9 + 5 taken, 30 − 9 stated) is none, nor is one after
    // "leave" that is no balance ("annual leave").
    let dropped = "You have 20 + 10 = 30 credits. The boardroom uses 3 × 3 = 9 credits plus 5 for \
                   priority, leaving you with 21.";
    let at = dropped.find("21").unwrap();
    assert!(!analyse(dropped, q, ctx).shown_arithmetic.contains(&at));
    let ctx = "Staff get 25 days' annual leave, one more per year of service, up to 30 days.";
    let q = "I've worked here 4 years. How much leave do I get?";
    let leave = "Your annual leave is 26 days.";
    assert!(analyse(leave, q, ctx).shown_arithmetic.is_empty());
}

#[test]
fn a_running_total_may_start_from_the_users_one_unstated_amount() {
    let ctx = "Orders of £150 or more qualify for free delivery. Zone B delivery: £14.95 up to \
               100kg, 5 to 15 miles from the centre.";
    let q = "My basket is £138. If I add a £15 hydrangea, will delivery be free?";
    let right = "Adding the £15 hydrangea brings your basket to £153, over the £150 threshold.";
    let at = right.find("153").unwrap();
    assert!(analyse(right, q, ctx).shown_arithmetic.contains(&at));
    // Not when the user gives two amounts the answer leaves unstated: which one it adds to
    // is not shown.
    let q = "I have a £60 gift card and my basket is £138. If I add a £15 hydrangea, will \
             delivery be free?";
    assert!(!analyse(right, q, ctx).shown_arithmetic.contains(&at));
}

#[test]
fn the_total_of_the_users_own_measures_is_derived() {
    let ctx = "Unlock fee: £1.00 per ride. E-bike: 20p per minute.";
    let q = "I'm planning two e-bike rides, about 30 min to work and 45 min back. How much?";
    let right = "That's 75 minutes at 20p a minute.";
    let at = right.find("75").unwrap();
    assert!(analyse(right, q, ctx).shown_arithmetic.contains(&at));
    // Not a total the user's measures do not make, nor one of another dimension.
    for text in [
        "That's 85 minutes at 20p a minute.",
        "That's 75 miles of riding.",
    ] {
        let at = text.find("5 ").unwrap() - 1;
        assert!(
            !analyse(text, q, ctx).shown_arithmetic.contains(&at),
            "{text}"
        );
    }
    // A measure said twice is counted once, a time since something not at all, and a total
    // the answer does not use as one is none.
    let ctx = "Returns are accepted within 14 days of delivery.";
    for (q, text) in [
        (
            "My contract is 12 months and I'm 12 months in. Can I leave?",
            "Your plan has a 24 months minimum term at £10 a month.",
        ),
        (
            "I bought it 20 days ago and it's been faulty for 10 days.",
            "You're within the 30 days at no cost.",
        ),
        (
            "It took 30 minutes to arrive and 45 minutes to set up.",
            "You waited 75 minutes.",
        ),
    ] {
        let g = analyse(text, q, ctx);
        assert!(g.shown_arithmetic.is_empty(), "{text}: {g:?}");
    }
}

#[test]
fn a_rate_restated_over_a_count_the_answer_names_is_derived() {
    let ctx = "Full day: £42 per child. A 10% discount is applied for the second child.";
    let q = "Booking both my kids for 4 full days. What's the total?";
    let right = "Your first child pays the full £42 a day, and your second child gets 10% off the \
                 four days, making it £37.80 a day or £151.20.";
    let at = right.find("151.20").unwrap();
    assert!(analyse(right, q, ctx).shown_arithmetic.contains(&at));
    // Not over a count the answer does not name, nor a product it does not make.
    for text in [
        "Your first child pays the full £42 a day; your second child gets 10% off, making it \
         £37.80 a day or £151.20.",
        "Your first child pays the full £42 a day, and your second child gets 10% off the four \
         days, making it £37.80 a day or £161.20.",
        "Your first child pays the full £42 a day, and your second child gets 10% off the four \
         days, making it £37.80 a day or £151.20 a week.",
        "Your first child pays the full £42 a day, and your second child gets 10% off the five \
         days, making it £37.80 a day or £189.00.",
    ] {
        let at = text.rfind('£').unwrap() + '£'.len_utf8();
        assert!(
            !analyse(text, q, ctx).shown_arithmetic.contains(&at),
            "{text}"
        );
    }
}

#[test]
fn an_exclusion_states_what_a_negated_source_clause_denies() {
    let ctx = "Reward tickets cannot be used for Tuesday discount screenings. Gift cards are \
               excluded from promotions and cannot be refunded.";
    let q = "Can I use my reward ticket on a Tuesday?";
    assert_contradicted(
        "Reward tickets are excluded from Tuesday discount screenings.",
        q,
        ctx,
        false,
    );
    // An exclusion beside a negation of its own is no licence for the affirmed claim.
    assert_contradicted("Gift cards can be refunded.", q, ctx, true);
}

#[test]
fn a_date_of_a_questions_conditional_clause_is_the_users_premise() {
    let ctx = "| Ticket | Super Early Bird (until 30 Jun) | Early Bird (1 Jul – 31 Aug) | \
               Standard (from 1 Sep) |\n|---|---|---|---|\n| Full Pass | £495 | £645 | £795 |";
    let text = "Booking on 20 August falls in the Early Bird window, where a Full Pass is £645.";
    let q = "If I book a Full Pass on 20 August, what does it cost?";
    assert_contradicted(text, q, ctx, false);
    // A date the question asks about is no premise, nor one after a "when" or an "if" that
    // asks.
    for q in [
        "Is the Early Bird price still on for 20 August?",
        "When does the 20 August Early Bird price end, and is it cheaper?",
        "Can you check if the Early Bird price holds on 20 August, as my friend said?",
    ] {
        assert_contradicted(text, q, ctx, true);
    }
}

#[test]
fn a_count_at_a_rate_per_pound_given_after_it_is_derived() {
    let ctx = "Standard members earn 10 points per £1 spent on tickets and 5 points per £1 spent \
               on food & drink.";
    let q = "I spend £12.50 on a ticket and £6 on popcorn. How many points do I earn?";
    let g = analyse(
        "You'll earn 125 points on the £12.50 ticket (10 per £1) and 30 on the £6 popcorn (5 \
         per £1), making 155 in all.",
        q,
        ctx,
    );
    // 125 = 12.50 × 10 and 30 = 6 × 5 (each rate after its count), and 155 = 125 + 30.
    assert_eq!(g.shown_arithmetic.len(), 3, "{g:?}");
    let g = analyse(
        "You'll earn 135 points on the £12.50 ticket (10 per £1).",
        q,
        ctx,
    );
    assert!(g.shown_arithmetic.is_empty(), "{g:?}");
    // Nor a count of an amount and a rate past the first rate after it (£6 × 10).
    let g = analyse(
        "You'll earn 60 points on the £12.50 ticket (10 per £1) and 30 on the £6 popcorn (5 per \
         £1).",
        q,
        ctx,
    );
    assert_eq!(g.shown_arithmetic.len(), 1, "{g:?}");
}

#[test]
fn an_amount_including_a_rate_the_sources_name_is_derived() {
    let ctx =
        "Wedding breakfast: £68.00 per adult. All prices exclude VAT, which will be added at \
               20%. A 10% discount applies to weekday bookings.";
    let q = "What would the wedding breakfast for 70 come to?";
    let right = "70 × £68 = £4,760, or £5,712 including VAT.";
    let at = right.find("5,712").unwrap();
    assert!(analyse(right, q, ctx).shown_arithmetic.contains(&at));
    // The rate written with it, too; and "giving" adds the parts of a running total.
    let written = "70 × £68 = £4,760, or £5,712 inc. 20% VAT.";
    let at = written.find("5,712").unwrap();
    assert!(analyse(written, q, ctx).shown_arithmetic.contains(&at));
    let giving = "That's 70 × £68 = £4,760, plus 20% VAT (£952), giving £5,712.";
    let at = giving.find("5,712").unwrap();
    assert!(analyse(giving, q, ctx).shown_arithmetic.contains(&at));
    // Not a wrong amount, a rate the sources state of something else, a deduction read as
    // added on, nor an amount "plus" what it names (it excludes it).
    for text in [
        "70 × £68 = £4,760, or £5,720 including VAT.",
        "70 × £68 = £4,760, or £5,236 including service.",
        "70 × £68 = £4,760, or £5,236 including the discount.",
        "70 × £68 = £4,760, or £5,712 plus VAT.",
    ] {
        let at = text.rfind('£').unwrap() + '£'.len_utf8();
        assert!(
            !analyse(text, q, ctx).shown_arithmetic.contains(&at),
            "{text}"
        );
    }
}

#[test]
fn a_count_or_an_amount_restated_per_another_period_is_derived() {
    let ctx = "Single prescription item: £9.90. 12-month PPC: £114.50.";
    let q = "I take 2 regular meds each month. Is the 12 month certificate worth it?";
    let right = "Two items a month is 24 items a year, and at £9.90 each that would cost £237.60.";
    let g = analyse(right, q, ctx);
    for n in ["24", "237.60"] {
        assert!(
            g.shown_arithmetic.contains(&right.find(n).unwrap()),
            "{n}: {g:?}"
        );
    }
    // Not a wrong count, nor a count of another thing.
    for text in [
        "Two items a month is 26 items a year.",
        "Two items a month is 24 visits a year.",
    ] {
        assert!(analyse(text, q, ctx).shown_arithmetic.is_empty(), "{text}");
    }
    // A yearly amount restated per month in the next sentence, with the months as divisor.
    let ctx = "You repay 9% of your income above the repayment threshold of £27,295 a year.";
    let q = "I'm on £34,000 a year. How much comes out each month?";
    let right = "£34,000 − £27,295 = £6,705, and 9% of that is £603.45 a year. Divided by 12, \
                 that's roughly £50.29 a month.";
    let g = analyse(right, q, ctx);
    for n in ["12,", "50.29"] {
        assert!(
            g.shown_arithmetic.contains(&right.find(n).unwrap()),
            "{n}: {g:?}"
        );
    }
    let wrong = right.replace("50.29", "51.29");
    let g = analyse(&wrong, q, ctx);
    assert!(!g.shown_arithmetic.contains(&wrong.find("51.29").unwrap()));
    assert!(!g.shown_arithmetic.contains(&wrong.find("12,").unwrap()));
}

#[test]
fn a_count_of_a_thing_the_sentence_counts_by_another_number_is_contradicted() {
    let ctx = "12-month PPC: £114.50, paid in full or by 10 monthly Direct Debit instalments of \
               £11.45.";
    let q = "Can I pay monthly?";
    assert_contradicted(
        "It can be spread over 12 monthly Direct Debit instalments of £11.45.",
        q,
        ctx,
        true,
    );
    assert_contradicted(
        "It can be spread over 10 monthly Direct Debit instalments of £11.45.",
        q,
        ctx,
        false,
    );
}

#[test]
fn the_rest_of_a_term_the_user_is_some_way_into_is_derived() {
    let ctx = "Minimum term: 24 months. Device Plan: £24.00 per month for 24 months. Early \
               Termination Charge: the remaining Airtime Plan charges (£14.00 per month), \
               discounted by 3%.";
    let q = "I'm 15 months into my 24 month contract. What would leaving now cost?";
    let right = "With 9 months of your 24-month term left, the airtime is 9 months × £14.00 = \
                 £126.00, less the 3% discount (£3.78) = £122.22.";
    let g = analyse(right, q, ctx);
    for n in ["9 months of", "126.00", "3.78", "122.22"] {
        assert!(
            g.shown_arithmetic.contains(&right.find(n).unwrap()),
            "{n}: {g:?}"
        );
    }
    // Not another rest, nor one no word calls what is left, nor the share added back.
    for (text, n) in [
        (
            "With 8 months of your 24-month term left, you owe more.",
            "8",
        ),
        ("After 9 months of your 24-month term, you owe more.", "9"),
        (
            "9 months × £14.00 = £126.00, less the 3% discount (£3.78) = £129.78.",
            "129.78",
        ),
    ] {
        let g = analyse(text, q, ctx);
        assert!(
            !g.shown_arithmetic.contains(&text.find(n).unwrap()),
            "{text}: {g:?}"
        );
    }
}

#[test]
fn readings_of_s72_do_not_derive_what_a_wrong_answer_gets_wrong() {
    let q = "What would the wedding breakfast for 70 come to, with VAT?";
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    // Prices that already include VAT; a rate beside another name; a rate the answer writes
    // that is not the sources' rate of what it names.
    let text = "70 × £68 = £4,760, or £5,712 including VAT.";
    let inclusive =
        "Wedding breakfast: £68.00 per adult. Our prices are inclusive of VAT, charged \
                     at 20%.";
    assert!(!derives(text, q, inclusive, "5,712"));
    let service = "Wedding breakfast: £68.00 per adult. Prices exclude VAT at 20% and a 12.5% \
                   service charge.";
    assert!(derives(text, q, service, "5,712"));
    let wrong = "70 × £68 = £4,760, or £5,355 including VAT.";
    assert!(!derives(wrong, q, service, "5,355"));
    let weekday = "Wedding breakfast: £68.00 per adult. Prices exclude VAT. Weekday bookings get \
                   10% off.";
    let written = "70 × £68 = £4,760, or £5,236 including 10% VAT.";
    assert!(!derives(written, q, weekday, "5,236"));
    // No running total after a word that takes an amount off.
    let deposit = "Wedding breakfast: £68.00 per adult. A deposit of £500 is payable on booking \
                   and deducted from the final invoice.";
    let q = "How much is left to pay for 70 guests?";
    let added = "70 × £68 = £4,760, less the £500 deposit, giving £5,260.";
    assert!(!derives(added, q, deposit, "5,260"));
    // No amount of another sentence restated per another period without the periods' ratio.
    let plans = "Standard plan: £240 a year. Plus plan: £30 a month.";
    let text = "The Standard plan costs £240 a year. The Plus plan is £20 a month.";
    assert!(!derives(text, "Compare the plans.", plans, "20"));
    // A count of the user's stated per another period than the answer's.
    let ctx = "Single prescription item: £9.90. 12-month PPC: £114.50.";
    let text = "Two items a month is 24 items a year.";
    assert!(!derives(
        text,
        "I take 2 regular meds, each a 28-day supply. Is the certificate worth it?",
        ctx,
        "24"
    ));
    assert!(!derives(text, "I pick up 2 items every week.", ctx, "24"));
    assert!(derives(text, "I pick up 2 items every month.", ctx, "24"));
    // A compound modifier of another thing is no rival count.
    assert_contradicted(
        "With two flats you get 2 parking spaces.",
        "We're renting both flats. How many parking spaces do we get?",
        "Each 2-bedroom flat comes with 1 parking space.",
        false,
    );
}

#[test]
fn days_to_the_users_date_and_a_fraction_of_a_derived_amount_are_derived() {
    let ctx = "Groups of 12 or more: a deposit of £20 per person is required. Cancellations \
               between 72 hours and 7 days before: 50% of the deposit refunded.";
    let q = "We've got a table for 14 on Saturday 22 Nov. If we cancel on Tuesday the 18th how \
             much of the deposit will we get back?";
    let right = "Tuesday 18 November is four days before your booking, so you'd get half your \
                 deposit back. For 14 people the deposit is 14 × £20 = £280, so you'd be \
                 refunded £140.";
    let g = analyse(right, q, ctx);
    for n in ["four", "140"] {
        assert!(
            g.shown_arithmetic.contains(&right.find(n).unwrap()),
            "{n}: {g:?}"
        );
    }
    // Not another count of days, nor another share than the one the answer names.
    for (text, n) in [
        (right.replace("four days", "five days"), "five"),
        (right.replace("£140", "£70"), "70"),
        (right.replace("half your", "all your"), "140"),
    ] {
        let g = analyse(&text, q, ctx);
        assert!(
            !g.shown_arithmetic.contains(&text.find(n).unwrap()),
            "{text}: {g:?}"
        );
    }
}

#[test]
fn readings_of_s72_hold_after_a_second_review() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    // The rest of a term: only the one elapsed measure taken from the user's own term.
    let ctx = "Minimum term: 24 months. Airtime Plan: £14.00 per month. Early Termination Charge: \
               the remaining Airtime Plan charges, discounted by 3%.";
    let rest = "With 6 months of your 24-month term left, you pay 6 months × £14.00 = £84.00.";
    for q in [
        "I'm 15 months into my 24 month contract, and I've had the phone for 18 months.",
        "I'm 15 months into my 24 month contract. If I wait 3 months and then leave?",
    ] {
        assert!(!derives(rest, q, ctx, "6 months of"), "{q}");
    }
    let q = "I'm 15 months into my 24 month contract. What would leaving now cost?";
    let right = "With 9 months of your 24-month term left, you pay 9 months × £14.00 = £126.00.";
    assert!(derives(right, q, ctx, "126.00"));
    // Nor an equal quantity of another thing later.
    let notice = "With 9 months of your 24-month term left, you pay less. You must give 9 months' \
                  notice.";
    assert!(!derives(notice, q, ctx, "9 months'"));
    // "less" takes off a discount right after it, not a charge nor past another amount.
    let ctx = "Wedding breakfast: £68.00 per adult. VAT is added at 20%. A deposit of £500 is \
               deducted from the final invoice.";
    let q = "What do we owe for 70?";
    for text in [
        "70 × £68 = £4,760, less the £500 deposit, with 20% VAT: £3,808.",
        "70 × £68 = £4,760, less 20% VAT = £3,808.",
    ] {
        assert!(!derives(text, q, ctx, "3,808"), "{text}");
    }
    // Prices that include the charge in another sentence; a rate tied to another name.
    let q = "What would the wedding breakfast for 70 come to, with VAT?";
    let text = "70 × £68 = £4,760, or £5,712 including VAT.";
    for ctx in [
        "Wedding breakfast: £68.00 per adult. All prices include VAT. VAT is charged at 20%.",
        "Wedding breakfast: £68.00 per adult. All prices inc. VAT at 20%.",
        "Wedding breakfast: £68.00 per adult (VAT at 20% already applied).",
    ] {
        assert!(!derives(text, q, ctx, "5,712"), "{ctx}");
    }
    let ctx = "Wedding breakfast: £68.00 per adult. Prices exclude VAT and a 12.5% service \
               charge. VAT is charged at the standard rate.";
    assert!(!derives(
        "70 × £68 = £4,760, or £5,355 including VAT.",
        q,
        ctx,
        "5,355"
    ));
    // No running total once an amount is taken away.
    let ctx = "Wedding breakfast: £68.00 per adult. A deposit of £500 is payable on booking.";
    for text in [
        "70 × £68 = £4,760, net of the £500 deposit, bringing it to £5,260.",
        "70 × £68 = £4,760, excluding the £500 deposit, making £5,260.",
        "70 × £68 = £4,760; once the £500 deposit is taken away, that makes £5,260.",
    ] {
        assert!(!derives(text, q, ctx, "5,260"), "{text}");
    }
    // A length joined to its word is no count per a period.
    let ctx = "Single prescription item: £9.90. 3-month PPC: £32.05.";
    let q = "I take 3 regular meds, each a 56-day supply.";
    assert!(!derives(
        "Three items a month is 36 items a year.",
        q,
        ctx,
        "36"
    ));
}

#[test]
fn days_and_fractions_are_read_only_as_the_answer_ties_them() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    let q = "We've got a table for 14 on Saturday 22 Nov. If we cancel on Tuesday the 18th how \
             much of the deposit will we get back?";
    // A half the sources do not state; half of another amount than the one it names.
    let quarter = "Groups of 12 or more: a deposit of £20 per person is required. Cancellations \
                   between 72 hours and 7 days before: 25% of the deposit refunded.";
    let right = "You'd get half your deposit back. For 14 people the deposit is 14 × £20 = £280, \
                 so you'd be refunded £140.";
    assert!(!derives(right, q, quarter, "140"));
    let menu = "Groups of 12 or more: set menu at £40 per person, with a deposit of £10 per \
                person. Cancellations between 72 hours and 7 days before: 50% of the deposit \
                refunded.";
    let other = "You'd get half your deposit back. The set menu for 14 people is 14 × £40 = £560, \
                 so you'd be refunded £280.";
    assert!(!derives(other, q, menu, "280"));
    // A quarter that is a time of day or a period.
    let ctx = "Set menu: £60 per person, minimum 6 guests. Cancellations: 25% of the bill.";
    let text = "Your table is at a quarter past seven. The set menu for 8 comes to 8 × £60 = \
                £480, so that's £120 each.";
    assert!(!derives(text, "We're 8 people.", ctx, "120"));
    // Days counted the other way, or from one of two dates of the user's.
    let ctx = "Cancellations between 72 hours and 7 days before: 50% of the deposit refunded.";
    let after = "Tuesday 18 November is four days after your booking.";
    assert!(!derives(after, q, ctx, "four"));
    let q = "I ordered a coat on 2 November and it was delivered on 18 November. If I send it \
             back on Sunday 30 November, do I get a refund?";
    let ctx = "You can return any item within 14 days of delivery for a full refund.";
    let text = "Sunday 30 November is 28 days after delivery, so you'd get store credit.";
    assert!(!derives(text, q, ctx, "28"));
}

#[test]
fn s73_readings_subtotals_shares_of_a_named_amount_complements_and_instalments() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    // A subtotal adds up the lines before it.
    let ctx = "Thames Suite: full day £540. Working lunch: £14.50 per head. All prices are \
               exclusive of VAT, charged at 20%.";
    let q = "Total for the Thames Suite, full day, 25 people with working lunch?";
    let lines = "- Thames Suite, full day: £540.00\n- Lunch: 25 × £14.50 = £362.50\n- Subtotal \
                 (ex VAT): £902.50";
    assert!(derives(lines, q, ctx, "902.50"));
    assert!(!derives(
        &lines.replace("902.50", "912.50"),
        q,
        ctx,
        "912.50"
    ));
    // A percentage the answer names of a noun, taken in the next sentence.
    let ctx = "Intensive English: £380 per week. 14 to 28 days before the start date: 50% of \
               tuition refunded.";
    let q = "I booked 4 weeks. If I cancel 20 days before, what do I get back?";
    let right = "That's in the 14–28 day band, so you get 50% of your tuition back. Your tuition \
                 was 4 × £380 = £1,520, so the refund would be £760.";
    assert!(derives(right, q, ctx, "760"));
    for wrong in [
        right.replace("£760", "£770"),
        right.replace("50% of your tuition", "60% of your tuition"),
        right.replace("your tuition back", "your deposit back"),
    ] {
        let at = wrong.rfind('£').unwrap() + '£'.len_utf8();
        assert!(
            !analyse(&wrong, q, ctx).shown_arithmetic.contains(&at),
            "{wrong}"
        );
    }
    // What is left after a share taken off, as a weight; a split into equal instalments.
    let ctx = "Juniors (ages 8–11): £195 per season. Sibling discount: 15% off the fee for a \
               second child. Full fees due by 15 September, or in three equal instalments.";
    let q = "My two are 8 and 11. What's the total?";
    let right = "The second child gets the 15% sibling discount, so £195 × 0.85 = £165.75. That \
                 makes £195 + £165.75 = £360.75 for the season. You can split it into three \
                 equal instalments of £120.25.";
    for n in ["0.85", "165.75", "120.25"] {
        assert!(derives(right, q, ctx, n), "{n}");
    }
    assert!(!derives(
        &right.replace("£120.25", "£130.25"),
        q,
        ctx,
        "130.25"
    ));
    assert!(!derives(
        &right.replace("three equal", "four equal"),
        q,
        ctx,
        "120.25"
    ));
}

#[test]
fn s73_readings_hold_after_review() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    // A percentage the sources give another noun.
    let ctx = "Intensive English: £380 per week. Registration fee £60. 14 to 28 days before the \
               start date: 50% of the registration fee refunded; tuition is non-refundable.";
    let q = "I booked 4 weeks. If I cancel 20 days before, what do I get back?";
    let text = "You get 50% of your tuition back. Your tuition was 4 × £380 = £1,520, so the \
                refund would be £760.";
    assert!(!derives(text, q, ctx, "760"));
    // A complement of another "off" line. (Instalments of a held amount, "three equal
    // instalments of £65" of £195, are read by an older reading of products over counts.)
    let ctx = "Juniors (ages 8–11): £195 per season. Sibling discount: 15% off the fee for a \
               second child. Early-bird discount: 10% off the fee if paid by 1 August.";
    let q = "My two are 8 and 11 and I'm paying in September. What's the total?";
    let text = "The second child's fee with the sibling discount: £195 × 0.90 = £175.50.";
    assert!(!derives(text, q, ctx, "0.90"));
    let right = "The second child's fee with the sibling discount: £195 × 0.85 = £165.75.";
    assert!(derives(right, q, ctx, "0.85"));
}

#[test]
fn a_clause_whose_source_a_sibling_restates_is_judged_by_the_sentence_beside_it() {
    // The sources charge one thing and not the rest, side by side; the answer says both.
    let ctx = "Late cancellations will be charged the first night's room rate. The remainder of \
               the booking will not be charged.";
    let q = "Will I be charged if I cancel late?";
    assert_contradicted(
        "You will be charged the first night's rate, but the other nights will not be charged.",
        q,
        ctx,
        false,
    );
    // Without the sentence that denies the charge, the denial has nothing beside it to read:
    // the affirmed sentence is still the one it contradicts.
    let ctx = "Late cancellations will be charged the first night's room rate. Check-in is \
               from 3pm.";
    assert_contradicted(
        "You will be charged the first night's rate, but the other nights will not be charged.",
        q,
        ctx,
        true,
    );
    // Nor when the sentence beside it denies the charge of another thing, or the charged
    // sentence says it of every night.
    let other = "Late cancellations will be charged the first night's room rate. Breakfast will \
                 not be charged.";
    let every = "Late cancellations will be charged the room rate for every night. The remainder \
                 of the booking will not be charged.";
    for (ctx, text) in [
        (
            other,
            "You will be charged the first night's rate, but the other nights will not be charged.",
        ),
        (
            every,
            "You will be charged the room rate for the first night, but the other nights will \
             not be charged.",
        ),
    ] {
        assert_contradicted(text, q, ctx, true);
    }
    // Nor when the sibling leaves out a number or an ordinal of what the source charges.
    let ctx = "Late cancellations will be charged the first and second nights' room rate. The \
               remainder of the stay will not be charged.";
    assert_contradicted(
        "You will be charged the first night's room rate, but the other nights will not be \
         charged.",
        q,
        ctx,
        true,
    );
    // A denial that shares the sibling's words of the charged sentence and nothing else is
    // still read against that sentence when its own words are the source's.
    let ctx = "Late cancellations will be charged the first night's room rate. The remainder of \
               the booking will not be charged.";
    assert_contradicted(
        "Late cancellations will not be charged the first night's room rate.",
        q,
        ctx,
        true,
    );
}

#[test]
fn a_fixed_amount_taken_off_a_known_one_is_derived() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    let ctx = "For an annual ticket, the refund is the price paid minus one monthly season \
               ticket for each month used. An administration fee of £10 is deducted from each \
               refund.";
    let q = "I paid £4,200 and used 4 months; a monthly season is £403. What do I get back?";
    let right = "That's £4,200 minus 4 × £403 (£1,612), which leaves £2,588, and after the £10 \
                 admin fee you'd get back about £2,578.";
    assert!(derives(right, q, ctx, "2,578"));
    // Either side of the cue, after "less" without a name too.
    let after = "That's £4,200 minus 4 × £403 (£1,612), which leaves £2,588. You'd get back \
                 £2,578 after the £10 fee.";
    assert!(derives(after, q, ctx, "2,578"));
    let less = "That's £4,200 minus 4 × £403 (£1,612), which leaves £2,588, less £10: £2,578.";
    assert!(derives(less, q, ctx, "2,578"));
    // A wrong difference; "after" an amount that names no charge; an amount nobody holds.
    assert!(!derives(&right.replace("2,578", "2,568"), q, ctx, "2,568"));
    let unnamed = "That's £4,200 minus 4 × £403 (£1,612), which leaves £2,588, and after the \
                   £10 you'd get back about £2,578.";
    assert!(!derives(unnamed, q, ctx, "2,578"));
    let unheld = right
        .replace("£10 admin", "£12 admin")
        .replace("2,578", "2,576");
    assert!(!derives(&unheld, q, ctx, "2,576"));
    // A charge the sources add on is taken off nothing.
    let ctx = "Electricity costs £0.40 per unit. Payments received after the due date incur a \
               £15 late payment charge, which is added to your bill.";
    let q = "I used 300 units this month and paid late. How much do I owe?";
    let text = "300 × £0.40 = £120, and after the £15 late payment charge you will owe £105.";
    assert!(!derives(text, q, ctx, "105"));
}

#[test]
fn a_sentence_that_opens_by_adding_carries_the_result_before_it() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    let ctx = "Main Hall: Sat–Sun £35 per hour. Minimum booking of 3 hours at weekends. Kitchen: \
               £20 flat fee per booking. Private parties require a refundable deposit of £150.";
    let q = "The hall for 3 hours on Saturday with the kitchen: what's the total?";
    let right = "At weekends the hall is £35 an hour, so 3 × £35 = £105. Add the £20 kitchen fee \
                 and the £150 refundable deposit, and the total to pay is £275.";
    assert!(derives(right, q, ctx, "275"));
    assert!(!derives(&right.replace("£275", "£285"), q, ctx, "285"));
    // Without the verb that adds, the sentence's own amounts are the whole total.
    let plain = right.replace("Add the", "There is the");
    assert!(!derives(&plain, q, ctx, "275"));
    // A side item last in the sentence before is not carried.
    let side = "3 × £35 = £105 for the hall, and the kitchen is £20. Add the £150 refundable \
                deposit, and the total to pay is £170.";
    assert!(!derives(side, q, ctx, "170"));
    // A rate named between "at" and its amount, and a result after a dash.
    let named = "That's 3 hours at the weekend rate of £35 — £105. Add the £20 kitchen fee, and \
                 the total is £125.";
    assert!(derives(named, q, ctx, "105"));
    assert!(derives(named, q, ctx, "125"));
    assert!(!derives(&named.replace("£105", "£115"), q, ctx, "115"));
    // Not a rate per another period, nor a flat amount.
    for wrong in [
        "That's 3 hours at the daily rate of £35 — £105.",
        "That's 3 hours at the booking charge of £35 — £105.",
    ] {
        assert!(!derives(wrong, q, ctx, "105"), "{wrong}");
    }
}

#[test]
fn a_time_of_day_moved_by_a_stated_duration_is_derived() {
    let q = "Party is 2pm–5pm but I'll need an hour before to set up and half an hour after to \
             tidy.";
    let qt = tokens(q);
    assert_eq!(
        super::numbers::clock_offsets(q, &qt, &[]),
        (vec![14.0, 17.0], vec![13.0, 17.5])
    );
    let ctx = "Main Hall: Sat–Sun £35 per hour. Bookings must include all time needed for \
               setting up and clearing away.";
    let text = "With setup and tidy-up, you'd need the hall from 1pm to 5:30pm.";
    let g = analyse(text, q, ctx);
    for t in ["1pm", "5:30"] {
        assert!(
            g.shown_arithmetic.contains(&text.find(t).unwrap()),
            "{t}: {g:?}"
        );
    }
    // Moved the wrong way, from the other end of the range, or by a duration nobody states.
    for wrong in [
        "With setup and tidy-up, you'd need the hall from 1pm to 4:30pm.",
        "With setup and tidy-up, you'd need the hall from 1pm to 5:45pm.",
        "With setup and tidy-up, you'd need the hall from 1pm to 4pm.",
    ] {
        let g = analyse(wrong, q, ctx);
        let at = wrong.rfind("to ").unwrap() + "to ".len();
        assert!(!g.shown_arithmetic.contains(&at), "{wrong}: {g:?}");
    }
    // A source's rule counted back from the user's time.
    let ctx = "Check-in closes 45 minutes before departure.";
    let q = "My flight leaves at 14:10. When does check-in close?";
    let right = "Check-in closes at 13:25, 45 minutes before your 14:10 departure.";
    assert!(analyse(right, q, ctx)
        .shown_arithmetic
        .contains(&right.find("13:25").unwrap()));
    let wrong = right.replace("13:25", "13:35");
    assert!(!analyse(&wrong, q, ctx)
        .shown_arithmetic
        .contains(&wrong.find("13:35").unwrap()));
    // Two times of the user's and no range: which one the rule is said of is not read; nor a
    // duration the sources deny, nor one the answer gives itself.
    let q2 = "My outbound flight leaves at 14:10 and my return at 18:40. When does check-in \
              close for the outbound one?";
    let derived = |text: &str, q: &str, ctx: &str, t: &str| {
        analyse(text, q, ctx)
            .shown_arithmetic
            .contains(&text.find(t).unwrap())
    };
    assert!(!derived(right, q2, ctx, "13:25"));
    let denied = "Foot passengers do not need to arrive an hour before sailing.";
    let q3 = "My sailing is at 16:30. When should I arrive?";
    assert!(!derived("Arrive by 15:30.", q3, denied, "15:30"));
    let own = "Your ticket runs out at 10:15am, an hour after you parked.";
    let q4 = "I parked at 9:15am. When does my ticket run out?";
    assert!(!derived(own, q4, "Maximum stay 3 hours.", "10:15"));
}

#[test]
fn an_amount_computed_from_the_source_line_its_words_name_is_derived() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    let ctx = "Little Acorns Nursery – Fees\nFull day (8am–6pm): £68\nMorning session \
               (8am–1pm): £38\nAfternoon session (1pm–6pm): £36\nA consumables charge of £4 \
               per day applies on days that include funded hours.\nSibling discount: 10% off \
               the fees of the second child.";
    let q = "Both my kids are going to do 3 full days a week each. What will we pay per week?";
    // A count times the amount of the line its words name, the count the user's or held.
    let right = "Three full days is £204 a week per child.";
    assert!(derives(right, q, ctx, "204"));
    // Another line's amount (3 × £38), a slip, or a count nobody states: not found.
    assert!(!derives(&right.replace("204", "114"), q, ctx, "114"));
    assert!(!derives(&right.replace("204", "205"), q, ctx, "205"));
    assert!(!derives(
        &right.replace("Three", "Nine").replace("204", "612"),
        q,
        ctx,
        "612"
    ));
    // The discount named after a percentage takes it off; a total of the two then adds up.
    let both = "Three full days is £204 a week per child, and the 10% sibling discount brings \
                the second child down to £183.60, so together you'd pay £387.60 a week.";
    assert!(derives(both, q, ctx, "183.60"));
    assert!(derives(both, q, ctx, "387.60"));
    assert!(!derives(
        &both.replace("387.60", "377.60"),
        q,
        ctx,
        "377.60"
    ));

    // An amount the line says is added on, after the amount before it.
    let ctx = "Small: up to 2kg – £3.49\nMedium: up to 10kg – £5.99\nNext-day delivery: add \
               £2.50 per parcel.";
    let q = "The box is 1.8kg but too big for Small. How much with next day delivery?";
    let right = "It falls into Medium at £5.99. Adding next-day delivery makes it £8.49.";
    assert!(derives(right, q, ctx, "8.49"));
    assert!(!derives(&right.replace("8.49", "8.99"), q, ctx, "8.99"));

    // The percentage of the line its words name, of an amount the user or the sources state.
    let ctx = "Tuition fee instalment plan (Home undergraduate fee: £9,250)\nInstalment 1: 40% – \
               due at registration\nInstalment 2: 30% – due 31 January 2025\nInstalment 3: 30% \
               – due 30 April 2025";
    let q = "If I go on the instalment plan for the £9,250, how much is each payment?";
    let right = "You'd pay £3,700 at registration, then £2,775 on 31 January 2025.";
    assert!(derives(right, q, ctx, "3,700"));
    assert!(derives(right, q, ctx, "2,775"));
    // Another line's percentage is not this line's amount.
    let swapped = "You'd pay £2,775 at registration, then £3,700 on 31 January 2025.";
    assert!(!derives(swapped, q, ctx, "2,775"));
    assert!(!derives(swapped, q, ctx, "3,700"));
    // An answer that writes its own share is read by the readings of the answer's operands.
    let own = "You'd pay 40% at registration, which is £3,700.";
    assert!(!derives(own, q, ctx, "3,700"));
    // Nor of one of two amounts of the user's.
    let two = "If I go on the plan for the £9,250 and have paid £500 already, how much is each?";
    assert!(!derives(right, two, ctx, "3,700"));
}

#[test]
fn a_line_named_by_the_answer_is_one_line_with_one_count() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    // The line whose head the phrase names whole: "Monthly", not "Off-peak monthly".
    let ctx = "Ticket type | Valid | Price\nMonthly | Mon–Fri, 24 hrs | £95\nOff-peak monthly | \
               Mon–Fri, entry after 10:00 only | £60";
    let q = "I'm on a 6 month contract. What's the cheapest season ticket?";
    let right = "Two quarterly tickets come to £540. That's £30 less than buying six monthly \
                 tickets (£570).";
    assert!(derives(right, q, ctx, "570"));
    assert!(!derives(&right.replace("570", "360"), q, ctx, "360"));
    // The user's count only by the word after it: an age is no count of days.
    let ctx = "Full day (8am–6pm): £68\nMorning session (8am–1pm): £38";
    let age = "My daughter is 2 and will start in September. How much is it per week?";
    assert!(!derives(
        "Her full days will cost £136 a week.",
        age,
        ctx,
        "136"
    ));
    let days = "My daughter will do 3 full days a week. How much is it?";
    assert!(derives(
        "Her full days will cost £204 a week.",
        days,
        ctx,
        "204"
    ));
    // Two counts the answer writes: neither is the count.
    let ctx = "Spring: 11 weeks\nAutumn: 12 weeks\n30 minutes – £21\n45 minutes – £30";
    let q = "What would 45-minute lessons cost for the spring term?";
    let two = "Spring term is 11 weeks (autumn is 12 weeks), so 45-minute lessons come to £360.";
    assert!(!derives(two, q, ctx, "360"));
    assert!(derives(
        "Spring term is 11 weeks, so 45-minute lessons come to £330.",
        q,
        ctx,
        "330"
    ));
    // A size named "Extra large" adds nothing on; a discount added is no sum.
    let ctx = "Medium: up to 10kg – £5.99\nExtra large: up to 30kg – £17.49\nNext-day \
               delivery: add £2.50 per parcel.";
    let q = "How much to send a 6kg box?";
    assert!(!derives(
        "It falls into Medium at £5.99. Extra large would be £23.48.",
        q,
        ctx,
        "23.48"
    ));
    let ctx = "Full day: £68\nSibling discount: 10% off the fees of the second child.";
    let q = "Both my kids will do 3 full days a week. What do we pay?";
    let added = "Three full days is £204 a week per child, and the 10% sibling discount of £20.40 \
                 for the second child makes £224.40 for that child.";
    assert!(!derives(added, q, ctx, "224.40"));
}

#[test]
fn an_item_listed_under_another_label_is_contradicted() {
    let ctx = "Roaming\nZone 1 (EU, Iceland, Norway, Switzerland): use your UK allowance for \
               £2.25 per day.\nZone 2 (USA, Canada, Australia, New Zealand): £6 per day.\nZone 3 \
               (rest of world): calls £2.50/min.";
    let q = "Going to Canada for 10 days, how much will roaming cost?";
    assert_contradicted(
        "Canada is in Zone 1, which costs £2.25 a day.",
        q,
        ctx,
        true,
    );
    assert_contradicted("Canada is in Zone 2, which costs £6 a day.", q, ctx, false);
    let ctx = "Monday: Early swim 6:30–8:30am; Adults only 12:00–1:30pm\nTuesday: Early swim \
               6:30–8:30am; Lane swim 7:30–9:30pm\nWednesday: Public swim 4:00–6:00pm; Adults \
               only 8:00–9:30pm\nPrices: Adult £5.20; Junior £3.10";
    let q = "When can I do an adults only swim after work?";
    assert_contradicted(
        "Your best bet is Tuesday evening, when there's an adults-only session from 7:30 to \
         9:30pm.",
        q,
        ctx,
        true,
    );
    assert_contradicted(
        "Your best bet is Wednesday evening, when there's an adults-only session from 8:00 to \
         9:30pm.",
        q,
        ctx,
        false,
    );
    // Lines whose labels are no siblings ("To", "Date") list nothing of each other.
    let ctx = "To: Legal team\nFrom: Daniel Price\nDate: Monday 14 July\nSubject: Press release";
    assert_contradicted(
        "Daniel sent the press release to Legal on Monday 14 July.",
        "When did Daniel send it?",
        ctx,
        false,
    );
}

#[test]
fn a_date_counted_in_working_days_from_the_users_date_is_derived() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    let ctx = "The Landlord will notify the Tenant in writing of any proposed deductions within \
               10 working days of the end of the tenancy. Either party may refer a dispute \
               within 14 days.";
    let q = "Our tenancy ended on Friday 28 June. By when must the landlord tell us about \
             deductions?";
    let right = "Within 10 working days of the tenancy ending, so by Friday 12 July.";
    assert!(derives(right, q, ctx, "12"));
    // The base's weekday abbreviated; the answer's own weekday alone fixes nothing ("Friday
    // 11 July" would count as well from an unknown base).
    let q_short = q.replace("Friday 28 June", "Fri 28 June");
    assert!(derives(right, &q_short, ctx, "12"));
    let q_plain = q.replace("Friday 28 June", "28 June");
    assert!(!derives(right, &q_plain, ctx, "12"));
    // Ten calendar days, a weekday that disagrees, or no weekday at all: not working days.
    assert!(!derives(
        &right.replace("Friday 12", "Monday 8"),
        q,
        ctx,
        "8"
    ));
    assert!(!derives(
        &right.replace("Friday 12", "Thursday 12"),
        q,
        ctx,
        "12"
    ));
    assert!(!derives(
        &right.replace("Friday 12", "Friday 11"),
        &q_plain,
        ctx,
        "11"
    ));
    // Calendar days from the user's date.
    let days = "You can refer a dispute within 14 days, so by 12 July.";
    assert!(derives(days, q, ctx, "12"));
    assert!(!derives(&days.replace("12 July", "13 July"), q, ctx, "13"));
}

#[test]
fn twice_a_fare_priced_each_way_is_the_return() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    let ctx = "Excess baggage charges (per bag, per one-way flight):\nExtra bag up to 23kg – £65 \
               if added online\nOverweight bag 23.1kg–32kg – £50 supplement";
    let q = "I want to add a second 26kg suitcase online. What's the total for the return trip?";
    let right = "The extra bag is £65 online plus a £50 overweight supplement, so £115 each way. \
                 The outbound and return together come to £230.";
    assert!(derives(right, q, ctx, "230"));
    // A wrong double, no word of both legs, or an amount not priced per leg: not found.
    assert!(!derives(&right.replace("£230", "£220"), q, ctx, "220"));
    assert!(!derives(
        &right.replace("The outbound and return together", "Altogether that would"),
        q,
        ctx,
        "230"
    ));
    assert!(!derives(
        &right.replace("each way", "in total"),
        q,
        ctx,
        "230"
    ));
}

#[test]
fn a_claim_that_names_the_sources_direction_word_does_not_oppose_it() {
    let ctx = "Small: up to 2kg, max 45 x 35 x 16cm – £3.49\nMedium: up to 10kg, max 61 x 46 x \
               46cm – £5.99";
    let q = "The box is 1.8kg but 50 x 35 x 20cm. How much?";
    assert_contradicted(
        "Even though it's under 2kg, the box is too big for Small, so it falls into Medium at \
         £5.99.",
        q,
        ctx,
        false,
    );
    // A direction word against its opposite still conflicts.
    let ctx = "Revenue rose 12% in the third quarter.";
    assert_contradicted(
        "Revenue fell 12% in the third quarter.",
        "How did revenue change?",
        ctx,
        true,
    );
}

#[test]
fn list_readings_hold_after_the_second_review() {
    let derives = |text: &str, q: &str, ctx: &str, n: &str| {
        let at = text.rfind(n).unwrap();
        analyse(text, q, ctx).shown_arithmetic.contains(&at)
    };
    // An item put under another label is no conflict in a comparison, nor after a weekday
    // that dates.
    let ctx = "Zone 1 (EU, Iceland, Norway, Switzerland): £2.25 per day.\nZone 2 (USA, Canada, \
               Australia): £6 per day.\nZone 3 (rest of world): calls £2.50/min.";
    let q = "Going to Canada for 10 days, how much will roaming cost?";
    assert_contradicted("Unlike Zone 1, Canada costs £6 a day.", q, ctx, false);
    let ctx = "Monday: Early swim 6:30–8:30am; Adults only 12:00–1:30pm\nTuesday: Early swim \
               6:30–8:30am; Lane swim 7:30–9:30pm\nWednesday: Public swim 4:00–6:00pm; Adults \
               only 8:00–9:30pm";
    let q = "When is lane swim?";
    assert_contradicted(
        "The timetable started on Monday 2 September, so your first Lane swim was the next day.",
        q,
        ctx,
        false,
    );
    // A flat fee beside a rate is not multiplied; a count in the user's unit is the user's.
    let ctx = "Standard bike: £1 to unlock, then 10p per minute\nE-bike: £1 to unlock, then 20p \
               per minute\nDay Pass – £12";
    let q = "How much would a 35 min ride on an e-bike cost?";
    assert!(!derives(
        "A 35-minute ride on an e-bike costs £35.",
        q,
        ctx,
        "35."
    ));
    let ctx = "Full day (8am–6pm): £68\nChildren aged 3 and 4 get funded hours.";
    let q = "Both my kids will do 3 full days a week. What do we pay?";
    assert!(!derives(
        "Four full days is £272 a week per child.",
        q,
        ctx,
        "272"
    ));
    // A line that takes its amount off is taken off the amount before.
    let ctx = "Large pizza: £12.99\nMedium pizza: £10.49\nStudent discount: £3 off any order";
    let q = "I'm a student. How much is a large pizza?";
    let right = "A large pizza is £12.99. With the student discount it comes to £9.99.";
    assert!(derives(right, q, ctx, "9.99."));
    assert!(!derives(&right.replace("£9.99", "£15.99"), q, ctx, "15.99"));
}

#[test]
fn a_name_the_sources_write_opening_a_list_line_is_found() {
    // "Library" opens a clause after a colon in the directory, keyed as the word "librari";
    // the claim names it mid-sentence, keyed as the name "library": the same key.
    let ctx = "Building directory\nFloor 1: Reception, Canteen, Cloakroom\nFloor 2: Library, \
               Study rooms\nFloor 3: Offices, Meeting rooms";
    let q = "Where is the library?";
    assert_contradicted("The Library is on Floor 2.", q, ctx, false);
    assert_contradicted("The Library is on Floor 3.", q, ctx, true);
}

#[test]
fn a_bound_written_after_its_count_is_compared() {
    let ctx = "Mileage allowances\n- Economy & Compact: unlimited mileage on rentals of 3 days \
               or more; 150 miles per day included on 1–2 day rentals.";
    let q = "Renting a compact for 2 days, do I pay extra for mileage?";
    assert_conflicts(
        "Compact cars come with unlimited mileage on rentals of 2 days or more.",
        q,
        ctx,
        &["\"2\" vs \"3\""],
    );
    assert_conflicts(
        "Unlimited mileage only applies to rentals of 3 days or more.",
        q,
        ctx,
        &[],
    );
}

#[test]
fn counts_priced_in_pence_by_the_line_they_name_add_up_to_a_total_itemised_after_it() {
    let ctx = "Standing charge: 53.20p per day\nDay unit rate: 28.40p per kWh\nNight unit rate: \
               14.10p per kWh";
    let q = "What would a 30 day month cost if I use 200 kWh in the day and 150 kWh at night?";
    // 56.80 = 200 × 28.40p and 21.15 = 150 × 14.10p (the count of each amount's own
    // phrase), 15.96 = 30 × 53.2p (53.2p is the sources' 53.20p), and 93.91 their sum.
    let good = "That would come to about £93.91 for the month: £15.96 in standing charges (30 \
                days at 53.2p), £56.80 for the 200 day units and £21.15 for the 150 night \
                units.";
    for n in ["93.91", "56.80", "21.15"] {
        assert!(derived(good, q, ctx, n), "{n}");
    }
    assert_conflicts(good, q, ctx, &[]);
    let wrong_total = good.replace("93.91", "98.91");
    assert!(!derived(&wrong_total, q, ctx, "98.91"));
    let wrong_line = "You'd pay £56.80 for the 150 night units.";
    assert!(!derived(wrong_line, q, ctx, "56.80"));
}

#[test]
fn an_amount_before_a_qualifier_is_computed_from_the_line_its_clause_names() {
    let ctx = "Full 3-day pass\n- Standard (1 August – 30 September 2025): £645\n\nMember rate: \
               Data Society members receive £100 off any full pass price.\n\nAll prices \
               exclude VAT at 20%.";
    let q = "I'm a member, what will a full pass cost in mid August?";
    let good = "The full pass is £645, and your member discount brings it down to £545 before \
                VAT.";
    assert!(derived(good, q, ctx, "545"));
    assert!(!derived(&good.replace("545", "555"), q, ctx, "555"));
}

#[test]
fn only_an_amount_of_money_pence_or_percent_is_found_by_its_one_place_form() {
    let ctx = "Release notes\nVersion 1.10 added dark mode and costs £2.50 a month.";
    let q = "Which version added dark mode?";
    let status = |text: &str| analyse(text, q, ctx).claims[0].status;
    assert_eq!(
        status("Dark mode came in version 1.10."),
        ClaimStatus::Supported
    );
    assert_ne!(
        status("Dark mode came in version 1.1."),
        ClaimStatus::Supported
    );
    assert_eq!(
        status("Dark mode costs £2.5 a month."),
        ClaimStatus::Supported
    );
}

/// Whether the last `n` written in `text` is derived by arithmetic the answer shows.
fn derived(text: &str, q: &str, ctx: &str, n: &str) -> bool {
    let at = text.rfind(n).expect("the number in the text");
    analyse(text, q, ctx).shown_arithmetic.contains(&at)
}

#[test]
fn a_total_of_line_results_after_a_colon_or_a_total_word_is_derived() {
    let ctx = "Car park tariff\nWeekday rate: 80p per hour\nWeekend rate: 120p per hour\nBlue \
               badge holders park free.";
    let q = "I'll park 10 hours on weekdays and 4 at weekends this week. How much will it cost?";
    let parts = "That's £8.00 for the 10 weekday hours and £4.80 for the 4 weekend hours";
    let total_shown = |t: &str| {
        let g = analyse(t, q, ctx);
        let at = t.find("12.80").or_else(|| t.find("13.80")).unwrap();
        (g.shown_arithmetic.contains(&at), g)
    };
    for t in [
        format!("{parts}: £12.80."),
        format!("{parts}, £12.80 in total."),
    ] {
        let (shown, g) = total_shown(&t);
        assert!(shown, "{t}: {g:?}");
        // The word that names the total asks nothing of the sources.
        assert_eq!(g.features.new_support_share, 1.0, "{t}");
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{t}");
    }
    for t in [
        format!("{parts}: £13.80."),
        format!("{parts}, £13.80 in total."),
    ] {
        assert!(!total_shown(&t).0, "{t}");
    }
}

#[test]
fn a_users_count_is_found_by_the_words_that_qualify_it() {
    let ctx = "Standing charge: 53.20p per day\nDay unit rate: 28.40p per kWh\nNight unit rate: \
               14.10p per kWh";
    let q = "roughly what would a 30 day month cost if I use 200 kWh in the day and 150 kWh at \
             night?";
    for (t, ok) in [
        ("You'd pay £21.15 for the night units.", true),
        ("Your day units would cost £56.80.", true),
        ("You'd pay £28.20 for the night units.", false),
        ("Your night units would cost £56.80.", false),
    ] {
        let g = analyse(t, q, ctx);
        let at = t.find(['2', '5']).unwrap();
        assert_eq!(g.shown_arithmetic.contains(&at), ok, "{t}: {g:?}");
    }
}

#[test]
fn a_discount_named_in_the_sentence_before_is_taken_off_a_derived_amount() {
    let ctx = "Groups of 10–19: 10% off\nGroups of 20–39: 15% off\nDress Circle: £42";
    let q = "There are 24 of us. What will Dress Circle seats cost?";
    let text = "A group of 24 gets 15% off. At £42 a seat that's 24 × £42 = £1,008, less \
                £151.20, for a total of £856.80.";
    let shown = |t: &str, n: &str| {
        let at = t.find(n).unwrap();
        analyse(t, q, ctx).shown_arithmetic.contains(&at)
    };
    assert!(shown(text, "151.20"));
    assert!(!shown(&text.replace("151.20", "161.20"), "161.20"));
    // Not a percentage that names no discount ("15% of seats are aisle seats").
    let other = text.replace("gets 15% off", "has 15% aisle seats");
    assert!(!shown(&other, "151.20"));
}

#[test]
fn a_coordinated_clause_opening_with_an_auxiliary_takes_the_subject_before_it() {
    let ctx = "Pay monthly customers can buy the EU Roam Pass for £2.25 a day.\nPay As You Go \
               customers can buy World Traveller add-ons but are not eligible for the EU Roam \
               Pass.";
    let q = "Can I get the EU Roam Pass on Pay As You Go?";
    let good = analyse(
        "Pay As You Go customers aren't eligible for the EU Roam Pass.",
        q,
        ctx,
    );
    assert_eq!(good.features.negation_mismatch_share, 0.0, "{good:?}");
    assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    let bad = analyse(
        "Pay As You Go customers are eligible for the EU Roam Pass.",
        q,
        ctx,
    );
    assert!(bad.features.negation_mismatch_share > 0.0, "{bad:?}");
}

#[test]
fn a_reply_particle_not_denies_nothing_of_the_clause_after_it() {
    let ctx = "EU Roam Pass (pay monthly customers): £2.25 per day.\nPay As You Go customers are \
               not eligible for the EU Roam Pass.";
    let q = "I'm on Pay As You Go. Can I get the EU Roam Pass?";
    for text in [
        "Unfortunately not — the EU Roam Pass is for pay monthly customers.",
        "Not, I'm afraid: the EU Roam Pass is for pay monthly customers.",
    ] {
        let g = analyse(text, q, ctx);
        assert_eq!(g.features.negation_mismatch_share, 0.0, "{text}: {g:?}");
    }
    // "Not" inside the clause still denies it.
    let bad = analyse("The EU Roam Pass is not for pay monthly customers.", q, ctx);
    assert!(bad.features.negation_mismatch_share > 0.0, "{bad:?}");
}

#[test]
fn an_opening_gerund_the_request_writes_as_a_verb_is_no_name() {
    let is_name = |text: &str, vocab: &LowerVocab<'_>, word: &str| {
        keys(text, (0, text.len()), vocab)
            .iter()
            .any(|k| k.kind == KeyKind::Name && word.starts_with(k.norm.as_ref()))
    };
    let text = "Registering on 20 August puts you in the Standard period.";
    let (toks, prompt) = (
        tokens(text),
        tokens("If I register on 20 August, what is the fee?"),
    );
    assert!(!is_name(
        text,
        &LowerVocab::of(&[&toks, &prompt]),
        "registering"
    ));
    // Without the verb written in lower case it stays a name, as does a surname in "-ing"
    // before its verb ("Harding was …") however the request writes its stem.
    assert!(is_name(text, &LowerVocab::of(&[&toks]), "registering"));
    let text = "Harding was elected on 2 November 1920.";
    let (toks, prompt) = (tokens(text), tokens("Was the race hard to win?"));
    assert!(is_name(text, &LowerVocab::of(&[&toks, &prompt]), "harding"));
}

#[test]
fn a_heading_over_a_sentence_names_no_rival_of_a_name_stated_elsewhere() {
    let ctx =
        "SkyLark Airways – Checked Baggage Allowance (effective 1 March 2024)\nEconomy Light: \
               no checked bag included; add one 23 kg bag for €35 online.\nEconomy Classic: 1 \
               bag up to 23 kg.\nBusiness: 2 bags up to 32 kg each.\nOverweight bags (23.1–32 \
               kg) in Economy: €50 per bag, per direction.";
    let q = "I'm flying Economy Classic with SkyLark and my suitcase weighs 27 kg. Will I have to \
             pay anything extra?";
    let good = "Yes — at 27 kg your suitcase falls into the overweight band (23.1–32 kg) and \
                costs €50 per direction in Economy Classic.";
    assert_contradicted(good, q, ctx, false);
    // A name the sources state nowhere is still judged against the heading's.
    let bad = "Yes — at 27 kg your suitcase falls into the overweight band and costs €50 per \
               direction in Premium Economy.";
    assert_contradicted(bad, q, ctx, true);
}

#[test]
fn a_novel_name_in_a_clause_of_advice_swaps_nothing_of_the_aligned_sentence() {
    let ctx = "Volta Mobile – Roam Abroad Add-ons\nEU Roam Pass (pay monthly customers): £2.25 \
               per day.\nPay As You Go customers are not eligible for the EU Roam Pass; PAYG \
               roaming in Europe is charged at standard rates (£0.30/min, £0.10/text, £3/MB).";
    let q = "I'm on Volta Pay As You Go and I'm going to Spain for a week. Can I get the EU Roam \
             Pass?";
    let good = "In Spain you'd be charged standard PAYG rates of £0.30 a minute, so it's worth \
                keeping mobile data off and using Wi-Fi where you can.";
    assert_contradicted(good, q, ctx, false);
    // A clause whose other words the sentence states still swaps a name of it.
    let bad = "In Spain you'd be charged standard PAYG rates of £0.30 a minute, and PAYG roaming \
               in Turkey is charged at standard rates too.";
    assert_contradicted(bad, q, ctx, true);
}

#[test]
fn a_bracketed_equation_may_name_the_unit_of_each_operand() {
    let ctx = "Seats 1–10: $12 per seat per month\nSeats 11–50: $10 per seat per month\nNew seats \
               are charged pro rata for the remaining whole months of your term.";
    let q = "We have 8 seats and 5 months left. If I add 4 more seats now, what will that cost?";
    let shown = |t: &str, n: &str| {
        let at = t.find(n).unwrap();
        analyse(t, q, ctx).shown_arithmetic.contains(&at)
    };
    let text =
        "Adding 4 seats will cost $240 for the rest of this term (4 seats × $12 × 5 months).";
    assert!(shown(text, "240"));
    assert!(!shown(&text.replace("$240", "$250"), "250"));
    // Not with a word before the first operand, nor a capitalised one after it.
    assert!(!shown(&text.replace("(4 seats", "(for 4 seats"), "240"));
    assert!(!shown(&text.replace("(4 seats", "(4 Pro seats"), "240"));
}

#[test]
fn a_multiplier_of_one_plus_a_percentage_added_is_shown() {
    let ctx = "Base rate: £12.80 per hour\nEvening shift (14:00–22:00): base rate + 10%\nNight \
               shift (22:00–06:00): base rate + 25%";
    let q = "How much will I earn per hour on a night shift?";
    let shown = |t: &str, n: &str| {
        let at = t.find(n).unwrap();
        analyse(t, q, ctx).shown_arithmetic.contains(&at)
    };
    let text = "A night shift pays the base rate plus 25%, so £12.80 × 1.25 = £16.00 an hour.";
    assert!(shown(text, "16.00"));
    // The evening line's 10% is no 35%.
    let other = "A night shift pays the base rate plus 25%, so £12.80 × 1.35 = £17.28 an hour.";
    assert!(!shown(other, "17.28"));
}

#[test]
fn a_measure_two_of_one_source_sentence_differ_by_is_derived() {
    let ctx = "Base rate: £12.80 per hour\nNight shift (22:00–06:00): base rate + 25%\nUnpaid \
               break: 30 minutes per 8-hour shift";
    let q = "How much will I earn for one night shift, 22:00 to 06:00, before tax?";
    let text = "A night shift pays the base rate plus 25%, so £12.80 × 1.25 = £16.00 an hour. \
                After the 30-minute unpaid break you're paid for 7.5 hours, which gives £120.00 \
                before tax.";
    let shown = |t: &str, ctx: &str, n: &str| {
        let at = t.find(n).unwrap();
        analyse(t, q, ctx).shown_arithmetic.contains(&at)
    };
    assert!(shown(text, ctx, "7.5"));
    // The pay over the derived hours follows.
    assert!(shown(text, ctx, "120.00"));
    assert!(!shown(
        &text.replace("7.5 hours", "7 hours"),
        ctx,
        "7 hours"
    ));
    // Not two measures of different sentences.
    let apart = ctx.replace(
        "30 minutes per 8-hour shift",
        "30 minutes.\nEvery shift lasts 8 hours.",
    );
    assert!(!shown(text, &apart, "7.5"));
}

#[test]
fn a_count_of_a_named_thing_is_no_rival_of_a_measure() {
    let ctx =
        "Day Pass: €22 per day, hot desk, 08:00–19:00.\n10-Day Flexi Bundle: €180, valid for \
               60 days from first use.\nMonthly Hot Desk: €260 per calendar month.";
    let q = "I need a desk on 12 working days this month. What's the cheapest option?";
    let text = "The cheapest option is a 10-Day Flexi Bundle plus two Day Passes.";
    assert_contradicted(text, q, ctx, false);
    // A count of the sentence's own kind is still swapped.
    let ctx = "The band won 5 Grammy Awards in 20 years.";
    let q = "How many Grammys did the band win?";
    assert_contradicted("The band won 3 Grammy Awards in 20 years.", q, ctx, true);
}

#[test]
fn a_date_the_claim_places_inside_a_range_it_quotes_is_no_recombined_date() {
    let ctx = "Summer season (1 April – 31 October): open daily 10:00–17:30; last entry 16:45.\n\
               Winter season (1 November – 31 March): open Wednesday to Sunday 10:00–16:00; last \
               entry 15:15. Closed Mondays and Tuesdays.";
    let q = "Is the museum open on Tuesday 12 November, and if so, what time is last entry?";
    let good = "No — 12 November falls in the winter season (1 November – 31 March), when the \
                museum is closed on Mondays and Tuesdays.";
    assert_contradicted(good, q, ctx, false);
    // A date outside the range it quotes, or one stated as the range's end, is still one.
    let outside = "No — 12 April falls in the winter season (1 November – 31 March), when the \
                   museum is closed on Mondays and Tuesdays.";
    assert_contradicted(outside, q, ctx, true);
    let bad = "The winter season opens on 12 November, when the museum is closed on Mondays and \
               Tuesdays.";
    assert_contradicted(bad, q, ctx, true);
}

#[test]
fn an_amount_priced_one_way_is_doubled_for_a_return_trip() {
    let ctx = "Economy Light: no checked bag included; add one 23 kg bag for €35 online or €60 \
               at the airport.\nEconomy Classic: 1 bag up to 23 kg.\nEconomy Flex: 2 bags up to \
               23 kg each.\nBusiness: 2 bags up to 32 kg each.\nMaximum dimensions per bag: 158 \
               cm (length + width + height).\nOverweight bags (23.1–32 kg) in Economy: €50 per \
               bag, per direction. Bags over 32 kg are not accepted as checked baggage.";
    let q = "I'm flying Economy Classic with SkyLark and my suitcase weighs 27 kg. Will I have to \
             pay anything extra, and how much?";
    let text = "Yes — Economy Classic includes one bag up to 23 kg, so at 27 kg your suitcase \
                falls into the overweight band (23.1–32 kg) and costs €50 per direction. On a \
                return trip that would be €100 in total, unless you can get the case down to 23 \
                kg.";
    // The second claim, the return trip's total, against the sources.
    let contradicted = |t: &str, ctx: &str| {
        let g = analyse(t, q, ctx);
        g.claims[1].status == ClaimStatus::Contradicted
    };
    assert!(!contradicted(text, ctx));
    assert!(contradicted(&text.replace("€100", "€110"), ctx));
    // Not when the sources price no direction, nor without a journey both ways.
    assert!(contradicted(text, &ctx.replace(", per direction", "")));
    let one_way = text.replace("On a return trip", "On a one-way trip");
    assert!(contradicted(&one_way, ctx));
}

#[test]
fn a_count_of_others_with_the_user_is_the_sources_count_less_one() {
    let ctx = "Non-members: $745.\nGroup discount: 10% off each registration when 5 or more \
               people from the same organisation register together.";
    let q = "I'm not a member. What will the full pass cost me?";
    let good = "If you can get four or more colleagues to register with you, the group discount \
                would take 10% off each registration.";
    assert_contradicted(good, q, ctx, false);
    let bad = "If you can get three or more colleagues to register with you, the group discount \
               would take 10% off each registration.";
    assert_contradicted(bad, q, ctx, true);
    let alone = "If you can get four or more colleagues to register, the group discount would \
                 take 10% off each registration.";
    assert_contradicted(alone, q, ctx, true);
}

#[test]
fn a_bare_answer_stated_only_off_the_question_is_contradicted() {
    let ctx = "The Normans were the people who in the 10th and 11th centuries gave their name to \
               Normandy, a region in France. They were descended from Norse raiders and pirates \
               from Denmark, Iceland and Norway.";
    let q = "In what country is Normandy located?";
    let g = analyse("Denmark", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let g = analyse("France", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // The second hop of a bridge question names the bridge entity of the question's sentence.
    let ctx = "Its cast-iron tower was designed by Marguerite Lavalle, a marine engineer. Lavalle \
               had trained in Lyon; after retiring she settled in Montreal, where she passed away \
               in 1932.";
    let q = "In which city did the person who designed the lighthouse tower die?";
    let g = analyse("Montreal.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // A sentence cut at semicolons is read whole; a best sentence that speaks of someone by a
    // pronoun may be speaking of the answer.
    for (ans, q, ctx) in [
        (
            "Raj Rajaratnam",
            "Who is the former Sri Lankan hedge fund manager investigated for insider trading?",
            "Raj Rajaratnam (Tamil: ராஜ் ; born Rajakumaran Rajaratnam; June 15, 1957) is a Sri \
             Lankan-American former hedge fund manager and founder of the Galleon Group, a New \
             York-based firm.",
        ),
        (
            "Michael Landon",
            "What actor portrayed Pa in the Little House on the Prairie series?",
            "Michael Landon (born Eugene Maurice Orowitz; October 31, 1936) was an American \
             actor. He is known for his roles as Little Joe Cartwright in Bonanza and Charles \
             Ingalls in Little House on the Prairie.",
        ),
    ] {
        let g = analyse(ans, q, ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{ans}: {g:?}");
    }
}

/// Whether the first claim of `g` has an alternative question's conflict against `option`
/// (`"…" vs "<option>"`): the rules read it as picking the other option.
fn answers_against(g: &Grounding, option: &str) -> bool {
    let tail = format!("vs \"{option}\"");
    g.claims[0].conflicts.iter().any(|c| c.ends_with(&tail))
}

#[test]
fn an_alternative_question_in_time_answered_with_the_other_option_is_contradicted() {
    // Births dated by a life span in brackets and by "born".
    let ctx = "Ada Lindqvist (3 March 1921 – 9 May 1990) was a Swedish chemist. Tomas Berg (born \
               12 June 1948) is a Norwegian painter.";
    let q = "Who was born first, Ada Lindqvist or Tomas Berg?";
    let g = analyse("Tomas Berg", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    assert_eq!(
        g.claims[0].conflicts,
        ["\"tomas berg\" vs \"ada lindqvist\""]
    );
    let g = analyse("Ada Lindqvist", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    let g = analyse("Tomas Berg was born earlier than Ada Lindqvist.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let g = analyse("Ada Lindqvist was born earlier than Tomas Berg.", q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // "before" and "after" state the order themselves.
    let g = analyse("Tomas Berg was born before Ada Lindqvist.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let g = analyse("Ada Lindqvist was born after Tomas Berg.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let g = analyse("Tomas Berg was born after Ada Lindqvist.", q, ctx);
    assert!(!answers_against(&g, "ada lindqvist"), "{g:?}");
    // An answer in the other order says the same as the right one.
    let g = analyse("Tomas Berg was born later.", q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A founding dated in the sentence after the naming one, or in the naming one.
    let ctx = "Harlow College is a private liberal arts college in Vermont. Founded in 1902, it \
               enrols about 900 students. The Royal Marsh Institute was established in 1867 by \
               a group of engineers.";
    let q = "Which was founded first, Harlow College or the Royal Marsh Institute?";
    let g = analyse("Harlow College was founded first.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    let g = analyse("The Royal Marsh Institute.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // A year after a word of another event dates nothing: the viaduct opened in 1890, not
    // in 1882, when its construction began.
    let ctx = "The Kelso Viaduct is a railway bridge in Scotland. Construction began in 1882 and \
               it was opened in 1890. The Marlow Bridge is a suspension bridge in Ohio. Opened \
               in 1883, it was the first crossing of the river.";
    let q = "Which opened first, the Kelso Viaduct or the Marlow Bridge?";
    let g = analyse(
        "The Marlow Bridge opened first, seven years before the Kelso Viaduct.",
        q,
        ctx,
    );
    assert!(!answers_against(&g, "kelso viaduct"), "{g:?}");
    let g = analyse("The Kelso Viaduct.", q, ctx);
    assert_eq!(
        g.claims[0].conflicts,
        ["\"kelso viaduct\" vs \"marlow bridge\""],
        "{g:?}"
    );
    // By age, a work is dated by the year before its kind; "younger" asks for the later one.
    let ctx = "Grey Harbour is a 1974 British drama film. Night Ferry is a 1958 American thriller \
               film.";
    let g = analyse(
        "Night Ferry",
        "Which film is younger, Grey Harbour or Night Ferry?",
        ctx,
    );
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // Without a dated event of the question's kind, nothing is decided.
    let g = analyse(
        "Night Ferry",
        "Which film was first shown on television, Grey Harbour or Night Ferry?",
        ctx,
    );
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn a_bare_answer_states_no_polarity_of_its_own() {
    // The negation of the sentence naming the answer is no denial of "2006" or of "a sister
    // company": the answer fills the question's slot.
    let ctx = "Stay Not (literally \"Love Is Not Needed\") is a 2006 South Korean romance film \
               directed by Lee Ha. Harbour Charters is not a subsidiary of Harbour Air but a \
               sister company.";
    for (ans, q) in [
        (
            "2006",
            "In what year was the South Korean romance film Stay Not released?",
        ),
        ("sister company", "Harbour Charters is what to Harbour Air?"),
    ] {
        let g = analyse(ans, q, ctx);
        assert!(g.claims[0].conflicts.is_empty(), "{ans}: {g:?}");
    }
    // A sentence that states the verb is judged as before.
    let ctx = "Harbour Charters is not a subsidiary of Harbour Air.";
    let g = analyse("Harbour Charters is a subsidiary of Harbour Air.", "", ctx);
    assert_eq!(g.claims[0].conflicts, ["affirmed vs negated"], "{g:?}");
}

#[test]
fn an_alternative_question_of_property_answered_with_the_other_option_is_contradicted() {
    // One paragraph per option, joined without a space as HotpotQA's contexts are.
    let ctx = "Northgate Lanterns is a Finnish pop rock band formed in Lahti in 2002. Its \
               singer writes most of the songs.Brasswork is an American rock band from Chicago. \
               The group describes itself as a \"minimalist rock trio\" and records on analogue tape.";
    let q = "Which band describes themselves as a \"minimalist rock trio\", Northgate Lanterns \
             or Brasswork?";
    let g = analyse("Northgate Lanterns was a minimalist rock trio.", q, ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    assert_eq!(
        g.claims[0].conflicts,
        ["\"northgate lanterns\" vs \"brasswork\""]
    );
    let g = analyse("Brasswork", q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A claim that denies the property of the option it names is not read as picking it.
    let g = analyse("Northgate Lanterns is not a minimalist rock trio.", q, ctx);
    assert!(!answers_against(&g, "brasswork"), "{g:?}");
    // A question by degree is no property question.
    let g = analyse(
        "Northgate Lanterns",
        "Which band has more members, Northgate Lanterns or Brasswork?",
        ctx,
    );
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // Passages that both state the property (or neither) decide nothing.
    let ctx = "Northgate Lanterns is a minimalist rock trio from Lahti. Brasswork is a \
               minimalist rock trio from Chicago.";
    let g = analyse("Northgate Lanterns was a minimalist rock trio.", q, ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}

#[test]
fn a_comparative_the_stated_measures_order_the_other_way_is_contradicted() {
    let ctx =
        "Mount Kilimanjaro rises 5,895 metres above sea level. Mount Kenya, its neighbour to \
               the north, reaches 5,199 metres.";
    let g = analyse("Mount Kenya is taller than Kilimanjaro.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    assert_eq!(g.claims[0].conflicts, ["\"taller\" vs \"5199 m < 5895 m\""]);
    let g = analyse("Kilimanjaro is taller than Mount Kenya.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    // Units differ, the dimension is one: 110 km/h against 72 km/h.
    let ctx = "The cheetah can reach 110 km/h in short bursts. A greyhound runs at up to 72 km/h.";
    let g = analyse("A greyhound is faster than the cheetah.", "", ctx);
    assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    // A sentence that states two measures of the dimension decides nothing.
    let ctx = "The cheetah can reach 110 km/h, and cruises at 60 km/h. A greyhound runs at up to \
               72 km/h.";
    let g = analyse("A greyhound is faster than the cheetah.", "", ctx);
    assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
}
