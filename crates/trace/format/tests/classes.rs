//! The classes module, through the crate's public API.

use rogue_trace_format::classes::*;

#[test]
fn looks_round_trip_and_classify() {
    for text in [
        "7 0",
        "4 0",
        "default default",
        "15 default bold",
        "#ff8000 0 underline inverse",
        "7 0 dim blinking",
    ] {
        let look: Look = text.parse().unwrap();
        assert_eq!(look.to_string(), text);
    }
    assert_eq!("7 0".parse::<Look>().unwrap().class(), WHITE);
    assert_eq!("4 0".parse::<Look>().unwrap().class(), BLUE);
    assert_eq!("7 0 bold".parse::<Look>().unwrap().class(), ODD);
    assert_eq!("15 0".parse::<Look>().unwrap().class(), ODD);
    assert_eq!("7 0 blinking".parse::<Look>().unwrap().class(), ODD);
    assert!("7 0 strikethrough".parse::<Look>().is_err());
    assert!("7".parse::<Look>().is_err());
}

#[test]
fn pairs_classify_as_the_game_draws_them() {
    assert_eq!(class_of_pair('#', 1), WHITE);
    assert_eq!(class_of_pair('#', 2), BLUE);
    assert_eq!(class_of_pair('#', 0), PLAIN);
    assert_eq!(class_of_pair('#', 5), ODD);
    assert_eq!(class_of_pair(' ', 1), PLAIN);
    for c in [WHITE, BLUE, PLAIN] {
        assert_eq!(Look::of_class(c).class(), c);
    }
}

#[test]
fn console_attributes_read_as_the_classes() {
    // FOREGROUND_RED | GREEN | BLUE: white on black, pair 1.
    assert_eq!(Look::of_console(0x07).class(), WHITE);
    // FOREGROUND_BLUE: blue on black, pair 2.
    assert_eq!(Look::of_console(0x01).class(), BLUE);
    assert_eq!(Look::of_console(0x0c).to_string(), "9 0");
    // Red on blue.
    assert_eq!(Look::of_console(0x14).to_string(), "1 4");
    assert_eq!(
        Look::of_console(0xc007).to_string(),
        "7 0 underline inverse"
    );
    let plain = Look::of_class(PLAIN);
    assert_eq!(plain.on_console(), Look::of_class(WHITE));
    assert_eq!(Look::of_class(BLUE).on_console(), Look::of_class(BLUE));
}

#[test]
fn the_palette_is_xterm_s() {
    assert_eq!(Colour::Index(7).hex("x"), "#e5e5e5");
    assert_eq!(Colour::Index(4).hex("x"), "#0000ee");
    assert_eq!(Colour::Index(196).hex("x"), "#ff0000");
    assert_eq!(Colour::Index(232).hex("x"), "#080808");
    assert_eq!(Colour::Default.hex("#000000"), "#000000");
}
