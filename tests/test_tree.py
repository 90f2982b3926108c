"""The repository stands on its own: no file in it names a folder of the
machine it was written on, so a clone anywhere finds everything it needs."""

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# the clone, the folder it lies in, the user's home: a clone elsewhere has none
FOLDERS = sorted({str(REPO), str(REPO.parent), str(Path.home())} - {"/"})


def _tracked_texts():
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        try:
            yield name, (REPO / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue  # a picture, a sheet, a language file, a file deleted but not committed


def _machine_paths(texts):
    return [f"{name}: {folder}" for name, text in texts for folder in FOLDERS
            if folder + "/" in text]


def test_no_file_names_a_folder_of_this_machine():
    found = _machine_paths(_tracked_texts())
    assert not found, "absolute paths of this machine:\n" + "\n".join(found)


def test_a_path_into_the_clone_is_caught():
    texts = [("notes.md", f"see {REPO}/docs/rules.md"), ("ok.md", "see docs/rules.md")]
    found = _machine_paths(texts)
    assert found and all(line.startswith("notes.md: ") for line in found)
