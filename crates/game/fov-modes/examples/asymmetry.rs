//! Measures how often the tutorial's line of sight is one-sided: over the
//! dungeons of the golden traces, the pairs of floor tiles closer than the
//! radius where one sees the other but not the other way round. The same
//! count for `symmetric` is printed beside it (it is 0 by construction).

use rogue_fov::make_fov;
use rogue_fov_modes::{symmetric, yx, MapExt, TUTORIAL_RADIUS as RADIUS};
use rogue_game::RngKind;
use rogue_map::{create_map_tiles, setup_map};
use rogue_types::{Entity, Map, Position};

fn main() {
    let seeds = [
        (RngKind::Glibc, 1),
        (RngKind::Glibc, 42),
        (RngKind::Glibc, 1000),
        (RngKind::Glibc, 1_732_147_200),
        (RngKind::Glibc, 2_147_483_647),
        (RngKind::Msvc, 42),
        (RngKind::Msvc, 1_732_147_200),
    ];
    let (
        mut pairs,
        mut tutorial_seen,
        mut tutorial_one_sided,
        mut symmetric_one_sided,
    ) = (0, 0, 0, 0);
    for (rng, seed) in seeds {
        let mut map = create_map_tiles();
        setup_map(&mut map, &mut rng.seeded(seed));
        let floor: Vec<Position> = (0..map.height())
            .flat_map(|y| (0..map.width()).map(move |x| yx(y, x)))
            .filter(|&p| map[p].walkable)
            .collect();
        let view = |make: &dyn Fn(&mut Map, Position)| -> Vec<Map> {
            floor
                .iter()
                .map(|&p| {
                    let mut m = map.clone();
                    make(&mut m, p);
                    m
                })
                .collect()
        };
        let tutorial = view(&|m, p| {
            make_fov(
                m,
                &Entity {
                    pos: p,
                    ch: '@',
                    color: 0,
                },
            )
        });
        let sym = view(&|m, p| symmetric::make(m, p, RADIUS, &mut Vec::new()));
        for i in 0..floor.len() {
            for j in i + 1..floor.len() {
                let (a, b) = (floor[i], floor[j]);
                let (dy, dx) = (f64::from(a.y - b.y), f64::from(a.x - b.x));
                if (dy * dy + dx * dx).sqrt().floor() as i32 >= RADIUS {
                    continue;
                }
                pairs += 1;
                let (ab, ba) = (tutorial[i][b].visible, tutorial[j][a].visible);
                tutorial_seen += usize::from(ab || ba);
                tutorial_one_sided += usize::from(ab != ba);
                symmetric_one_sided +=
                    usize::from(sym[i][b].visible != sym[j][a].visible);
            }
        }
    }
    println!(
        "{} dungeons, {pairs} pairs of floor tiles closer than {RADIUS}",
        seeds.len()
    );
    println!(
        "tutorial: {tutorial_seen} pairs where one sees the other; {tutorial_one_sided} of them one-sided ({:.1}%)",
        100.0 * tutorial_one_sided as f64 / tutorial_seen as f64
    );
    println!(
        "symmetric (radius {RADIUS}): {symmetric_one_sided} one-sided pairs"
    );
}
