use game_api::Seed;
use game_backpacks::{Day, Deck, Map, RoundOrders};
use std::sync::Arc;

#[test]
fn smoke() {
    let map = Arc::new(Map::keswick());
    let deck = Arc::new(Deck::keswick(&map));
    println!("{map}; {} cards", deck.cards.len());
    let mut rng = Seed(1).rng(0);
    let mut day = Day::new(map.clone(), deck, 4, &mut rng);
    println!(
        "targets {:?}",
        day.targets
            .iter()
            .map(|&t| map.location_id(t))
            .collect::<Vec<_>>()
    );
    while !day.is_over() {
        let (next, outcomes) = day.resolve_round(&vec![RoundOrders::nmr(); 4], &mut rng);
        assert_eq!(outcomes.len(), 2);
        day = next;
    }
    for w in 0..4 {
        println!("{w}: {} {:?}", day.final_points(w), day.walkers[w].finished);
        assert_eq!(day.walkers[w].finished, Some(0));
    }
}
