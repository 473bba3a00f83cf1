use game_api::{Seat, Seed, Viewer};
use game_breaking_away::{Hand, Position, Rules};
fn main() {
    let teams: Vec<String> = ["Red", "Blue", "Green", "White"].map(String::from).into();
    let mut rng = Seed(29).rng(0);
    let lineups: Vec<[Hand; 4]> = (0..4)
        .map(|_| game_breaking_away::random::lineup(&mut rng))
        .collect();
    let mut now = Position::start(Rules::postal(), &lineups);
    let mut orders = Vec::new();
    for _ in 0..1 {
        game_breaking_away::random::orders(&now, &mut orders, &mut rng);
        now = game_breaking_away::turn::resolve(&now, &orders).unwrap().0;
    }
    let view = now.view(Viewer::Public);
    let svgs: Vec<String> = (0..4u8)
        .map(|s| {
            game_breaking_away::svg::track_picture(&view, None, &teams, Some(Seat(s)))
                .close_up
                .unwrap()
        })
        .collect();
    let n: usize = std::env::args().nth(1).map_or(2000, |a| a.parse().unwrap());
    let t = std::time::Instant::now();
    for k in 0..n {
        std::hint::black_box(server::picture::png(&svgs[k % 4]).unwrap());
    }
    println!("{:.3} ms", t.elapsed().as_secs_f64() * 1e3 / n as f64);
}
