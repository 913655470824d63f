//! The Rust twin of `player.c`: the player, the keys and the moves.

//@ part 1-1: use rogue_types::{Entity, Key, Position};
//@ part 2-3: use rogue_types::{Entity, Key, Map, Position};
//@ part 4-4: use rogue_fov::{clear_fov, make_fov};
//@ part 4-4: use rogue_types::{ColorPair, Entity, Key, Map, Position};
//@ game {
use rogue_fov::Fov;
use rogue_types::{ColorPair, Entity, Key, Map, Position};
//@ }

/// `createPlayer`: the `@` at `start_pos`.
//@ part 4+ {
/// From Part 4 it is drawn with colour pair `color` (`VISIBLE_COLOR`).
//@ }
#[doc(alias = "createPlayer")]
//@ part 1-3: pub fn create_player(start_pos: Position) -> Entity {
pub fn create_player(start_pos: Position, color: ColorPair) -> Entity {
    //@ part 4+
    Entity {
        pos: start_pos,
        ch: '@',
        color, //@ part 4+
    }
}

/// The position a key asks for, the `newPos` of `handleInput`: `k` up,
/// `j` down, `h` left, `l` right; any other key stays in place.
pub fn new_position(key: Key, pos: Position) -> Position {
    match key {
        Key::Char('k') => Position::new(pos.y.wrapping_sub(1), pos.x),
        Key::Char('j') => Position::new(pos.y.wrapping_add(1), pos.x),
        Key::Char('h') => Position::new(pos.y, pos.x.wrapping_sub(1)),
        Key::Char('l') => Position::new(pos.y, pos.x.wrapping_add(1)),
        _ => pos,
    }
}

//@ part 2+ {
/// `handleInput`: computes `newPos` from the key and calls
/// [`move_player`].
//@ game {
/// `fov` is the game's field of view, if it has one.
//@ }
#[doc(alias = "handleInput")]
pub fn handle_input(
    key: Key,
    player: &mut Entity,
    //@ part 2-3: map: &Map,
    map: &mut Map,         //@ part 4+
    fov: Option<&mut Fov>, //@ game
) {
    let new_pos = new_position(key, player.pos);
    //@ part 2-4: move_player(new_pos, player, map);
    move_player(new_pos, player, map, fov); //@ game
}
//@ }

//@ part 1-1 {
/// `handleInput` as Part 1 writes it: there is no map, so the player moves
/// with no bound check and may walk off the screen and back.
#[doc(alias = "handleInput")]
//@ part 1-1: pub fn handle_input(key: Key, player: &mut Entity) {
pub fn handle_input_without_map(key: Key, player: &mut Entity) {
    //@ game
    player.pos = new_position(key, player.pos);
}
//@ }

//@ part 2+ {
/// `movePlayer`: moves the player to `new_pos` if that tile is walkable. A
/// position outside the map is not walkable.
//@ part 4+ {
/// From Part 4 it clears the field of view before the move and makes it
/// after.
//@ }
//@ game {
/// The game's `fov` is the field of view of `--fov`, if the part has one.
//@ }
#[doc(alias = "movePlayer")]
pub fn move_player(
    new_pos: Position,
    player: &mut Entity,
    //@ part 2-3: map: &Map,
    map: &mut Map,             //@ part 4+
    mut fov: Option<&mut Fov>, //@ game
) {
    if map.get(new_pos.y, new_pos.x).is_some_and(|t| t.walkable) {
        //@ part 4-4: clear_fov(map, player);
        //@ game {
        if let Some(fov) = fov.as_deref_mut() {
            fov.clear(map, player);
        }
        //@ }
        player.pos = new_pos;
        //@ part 4-4: make_fov(map, player);
        //@ game {
        if let Some(fov) = fov {
            fov.make(map, player);
        }
        //@ }
    }
}
//@ }

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_fov::{make_fov, FovMode};
    use rogue_types::VISIBLE_COLOR;

    fn room() -> Map {
        let mut map = Map::walls(5, 5, ColorPair::NONE);
        for y in 1..4 {
            for x in 1..4 {
                map[Position::new(y, x)].carve();
            }
        }
        map
    }

    #[test]
    fn hjkl_move_and_other_keys_stay() {
        let p = Position::new(5, 5);
        assert_eq!(new_position(Key::Char('k'), p), Position::new(4, 5));
        assert_eq!(new_position(Key::Char('j'), p), Position::new(6, 5));
        assert_eq!(new_position(Key::Char('h'), p), Position::new(5, 4));
        assert_eq!(new_position(Key::Char('l'), p), Position::new(5, 6));
        for key in
            [Key::Char('K'), Key::Char('x'), Key::Resize, Key::Other(265)]
        {
            assert_eq!(new_position(key, p), p);
        }
    }

    #[test]
    fn walls_stop_the_player() {
        let mut map = room();
        let mut player = create_player(Position::new(1, 1), VISIBLE_COLOR);
        handle_input(Key::Char('k'), &mut player, &mut map, None);
        handle_input(Key::Char('h'), &mut player, &mut map, None);
        assert_eq!(player.pos, Position::new(1, 1));
        handle_input(Key::Char('j'), &mut player, &mut map, None);
        handle_input(Key::Char('l'), &mut player, &mut map, None);
        assert_eq!(player.pos, Position::new(2, 2));
    }

    #[test]
    fn a_move_clears_the_old_view_and_makes_the_new_one() {
        let mut map = Map::walls(3, 40, ColorPair::NONE);
        for x in 1..39 {
            map[Position::new(1, x)].carve();
        }
        let mut player = create_player(Position::new(1, 1), VISIBLE_COLOR);
        make_fov(&mut map, &player);
        assert!(
            map[Position::new(1, 1)].visible
                && !map[Position::new(1, 20)].visible
        );
        let mut fov = Fov::new(FovMode::TUTORIAL, None);
        for _ in 0..10 {
            handle_input(Key::Char('l'), &mut player, &mut map, Some(&mut fov));
        }
        assert_eq!(player.pos, Position::new(1, 11));
        assert!(map[Position::new(1, 20)].visible);
        // The tile it started on is still lit (within the radius), and seen.
        assert!(
            map[Position::new(1, 1)].visible && map[Position::new(1, 1)].seen
        );
    }

    #[test]
    fn without_a_map_the_player_walks_anywhere() {
        let mut player = create_player(Position::new(0, 0), ColorPair::NONE);
        handle_input_without_map(Key::Char('k'), &mut player);
        handle_input_without_map(Key::Char('h'), &mut player);
        assert_eq!(player.pos, Position::new(-1, -1));
    }
}
